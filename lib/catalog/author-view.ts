import type { WorldCode } from '@/lib/worlds/worlds';
import type { authorProfiles, users } from '@/lib/db/schema';

/**
 * What an author's profile shows to everybody, private or not: the name and picture their
 * materials are sold under, the platform's own badge and the public counts (a private profile
 * keeps its counts and hides the lists behind them, as social networks do).
 */
export interface AuthorPublicDetails {
  publicName: string;
  imagePath: string | null;
  teachableCertified: boolean;
  totalMaterials: number;
}

/**
 * What authors write and show about themselves: shown only while the profile is public. A
 * private profile keeps all of it on the server — it never enters a public answer, a page, its
 * metadata or a cache shared by visitors. The owner edits it through `v1/user/details`.
 */
export interface AuthorPersonalDetails {
  subtitle: string | null;
  description: string | null;
  facebookProfile: string | null;
  instagramProfile: string | null;
  pinterestProfile: string | null;
  profileBackgroundData: unknown;
  profileBackgroundPath: string | null;
}

/** The personal fields by name (the query API and tests list them). */
export const AUTHOR_PERSONAL_FIELDS = [
  'subtitle',
  'description',
  'facebookProfile',
  'instagramProfile',
  'pinterestProfile',
  'profileBackgroundData',
  'profileBackgroundPath',
] as const satisfies readonly (keyof AuthorPersonalDetails)[];

/** Absent, and typed so: reading one gives `undefined`, never a value. */
type Absent<T> = { [K in keyof T]?: never };

/** The details of an author profile: the personal fields exist only when the profile is public. */
export type AuthorDetails = AuthorPublicDetails &
  (({ privateProfile: false } & AuthorPersonalDetails) | ({ privateProfile: true } & Absent<AuthorPersonalDetails>));

/**
 * The author profile as every public answer gives it (the API, the author page and
 * its metadata, the storefront, the material page's author card): the public view, and the only
 * view of an author that lib/catalog has.
 */
export interface AuthorProfile {
  id: number;
  slug: string;
  isSeller: boolean;
  becameSellerAt: string | null;
  createdAt: string;
  world: WorldCode;
  followersNumber: number;
  followingNumber: number;
  details: AuthorDetails;
}

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'slug' | 'isSeller' | 'becameSellerAt' | 'createdAt' | 'world' | 'publicName' | 'imagePath'
>;
type ProfileRow = typeof authorProfiles.$inferSelect;

/**
 * Builds the public view from the stored rows. A private profile's personal fields are not
 * blanked but left out: they are not in the object, so no page, cache or JSON answer can carry them.
 */
export function toPublicAuthorProfile(user: UserRow, profile: ProfileRow, totalMaterials: number): AuthorProfile {
  const common: AuthorPublicDetails = {
    publicName: user.publicName,
    imagePath: user.imagePath,
    teachableCertified: profile.teachableCertified,
    totalMaterials,
  };
  const details: AuthorDetails = profile.privateProfile
    ? { ...common, privateProfile: true }
    : {
        ...common,
        privateProfile: false,
        subtitle: profile.subtitle,
        description: profile.description,
        facebookProfile: profile.facebookProfile,
        instagramProfile: profile.instagramProfile,
        pinterestProfile: profile.pinterestProfile,
        profileBackgroundData: profile.profileBackgroundData,
        profileBackgroundPath: profile.profileBackgroundPath,
      };
  return {
    id: user.id,
    slug: user.slug,
    isSeller: user.isSeller,
    becameSellerAt: user.becameSellerAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    world: user.world,
    followersNumber: profile.followersNumber,
    followingNumber: profile.followingNumber,
    details,
  };
}
