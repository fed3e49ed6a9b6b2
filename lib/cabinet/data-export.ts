import 'server-only';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import type { WorldCode } from '@/lib/worlds/worlds';
import { fromStored } from './stored-preferences';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Version of the export's shape; raised when fields change meaning. */
export const DATA_EXPORT_VERSION = 1;

/**
 * Everything Kreide holds about a user, for the user (GDPR Art. 15 and 20): account, account
 * state, profile, billing address, bank details (whole: the export goes to its owner),
 * notification preferences, subjects, terms acceptances, sign-in identities, follows, favourites, folders, sessions,
 * security events and what they published. Secrets are left out: the password hash and token
 * hashes are not the user's data but our means of checking it.
 */
export async function buildDataExport(userId: number, world: WorldCode) {
  const db = getDb();
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  if (!user) throw new AppError('not_found');
  const [
    [state],
    [profile],
    [billing],
    [bank],
    subjects,
    terms,
    identities,
    following,
    [followers],
    favourites,
    folders,
    placements,
    domains,
    sessions,
    events,
    materials,
    posts,
  ] = await Promise.all([
    db.select().from(t.accountStates).where(eq(t.accountStates.userId, userId)),
    db.select().from(t.authorProfiles).where(eq(t.authorProfiles.userId, userId)),
    db.select().from(t.billingAddresses).where(eq(t.billingAddresses.userId, userId)),
    db.select().from(t.bankDetails).where(eq(t.bankDetails.userId, userId)),
    db
      .select({
        id: t.subjects.id,
        world: t.subjects.world,
        key: t.subjects.key,
        title: t.subjects.title,
        chosenAt: t.userSubjects.createdAt,
      })
      .from(t.userSubjects)
      .innerJoin(t.subjects, eq(t.subjects.id, t.userSubjects.subjectId))
      .where(eq(t.userSubjects.userId, userId))
      .orderBy(asc(t.subjects.world), asc(t.subjects.position)),
    db
      .select({
        world: t.termsVersions.world,
        version: t.termsVersions.version,
        title: t.termsVersions.title,
        acceptedAt: t.termsAcceptances.acceptedAt,
      })
      .from(t.termsAcceptances)
      .innerJoin(t.termsVersions, eq(t.termsVersions.id, t.termsAcceptances.termsVersionId))
      .where(eq(t.termsAcceptances.userId, userId))
      .orderBy(asc(t.termsAcceptances.acceptedAt)),
    db
      .select()
      .from(t.userIdentities)
      .where(eq(t.userIdentities.userId, userId))
      .orderBy(asc(t.userIdentities.createdAt)),
    db
      .select({
        id: t.users.id,
        slug: t.users.slug,
        publicName: t.users.publicName,
        followedAt: t.authorFollows.createdAt,
      })
      .from(t.authorFollows)
      .innerJoin(t.users, eq(t.users.id, t.authorFollows.authorId))
      .where(eq(t.authorFollows.followerId, userId))
      .orderBy(desc(t.authorFollows.createdAt)),
    // Who follows the user is other people's data: the export says how many, not who.
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.authorFollows)
      .where(eq(t.authorFollows.authorId, userId)),
    db
      .select({
        id: t.materials.id,
        world: t.materials.world,
        title: t.materials.title,
        favouritedAt: t.favourites.createdAt,
      })
      .from(t.favourites)
      .innerJoin(t.materials, eq(t.materials.id, t.favourites.materialId))
      .where(eq(t.favourites.userId, userId))
      .orderBy(desc(t.favourites.createdAt)),
    db
      .select({
        id: t.folders.id,
        type: t.folders.folderType,
        title: t.folders.title,
        parentId: t.folders.parentId,
        isArchive: t.folders.isArchive,
        createdAt: t.folders.createdAt,
      })
      .from(t.folders)
      .where(eq(t.folders.userId, userId))
      .orderBy(t.folders.id),
    db
      .select({ folderId: t.folderMaterials.folderId, materialId: t.folderMaterials.materialId })
      .from(t.folderMaterials)
      .innerJoin(t.folders, eq(t.folders.id, t.folderMaterials.folderId))
      .where(eq(t.folders.userId, userId))
      .orderBy(t.folderMaterials.folderId, t.folderMaterials.materialId),
    db
      .select({ domain: t.authorDomains.domain, world: t.authorDomains.world, createdAt: t.authorDomains.createdAt })
      .from(t.authorDomains)
      .where(eq(t.authorDomains.authorId, userId)),
    db
      .select({
        clientId: t.accessTokens.clientId,
        grantType: t.accessTokens.grantType,
        impersonatorUserId: t.accessTokens.impersonatorUserId,
        createdAt: t.accessTokens.createdAt,
        expiresAt: t.accessTokens.expiresAt,
        revokedAt: t.accessTokens.revokedAt,
      })
      .from(t.accessTokens)
      .where(eq(t.accessTokens.userId, userId))
      .orderBy(desc(t.accessTokens.createdAt)),
    db
      .select({
        action: t.auditLog.action,
        ip: t.auditLog.ip,
        actorUserId: t.auditLog.actorUserId,
        createdAt: t.auditLog.createdAt,
      })
      .from(t.auditLog)
      .where(or(eq(t.auditLog.targetUserId, userId), eq(t.auditLog.actorUserId, userId)))
      .orderBy(asc(t.auditLog.createdAt)),
    db
      .select({
        id: t.materials.id,
        world: t.materials.world,
        title: t.materials.title,
        createdAt: t.materials.createdAt,
        isActive: t.materials.isActive,
      })
      .from(t.materials)
      .where(eq(t.materials.authorId, userId))
      .orderBy(asc(t.materials.id)),
    db
      .select({
        id: t.blogPosts.id,
        world: t.blogPosts.world,
        title: t.blogPosts.title,
        publishedAt: t.blogPosts.publishedAt,
      })
      .from(t.blogPosts)
      .where(eq(t.blogPosts.authorId, userId))
      .orderBy(asc(t.blogPosts.id)),
  ]);

  return {
    format: 'kreide-data-export',
    version: DATA_EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    world,
    account: {
      id: user.id,
      email: user.email,
      slug: user.slug,
      public_name: user.publicName,
      user_name: user.userName,
      image_path: user.imagePath,
      role: user.role,
      is_seller: user.isSeller,
      became_seller_at: iso(user.becameSellerAt),
      world: user.world,
      currency_code: user.currencyCode,
      creation_source: user.creationSource,
      double_opt_in: user.doubleOptIn,
      school_id: user.schoolId,
      school_role: user.schoolRole,
      has_password: user.passwordHash !== null,
      created_at: iso(user.createdAt),
    },
    account_state: state
      ? {
          status: state.status,
          email_confirmed_at: iso(state.emailConfirmedAt),
          country_code: state.countryCode,
          invite_code: state.inviteCode,
          invited_by_user_id: state.invitedByUserId,
          deleted_at: iso(state.deletedAt),
          updated_at: iso(state.updatedAt),
        }
      : null,
    profile: profile
      ? {
          subtitle: profile.subtitle,
          description: profile.description,
          facebook_profile: profile.facebookProfile,
          instagram_profile: profile.instagramProfile,
          pinterest_profile: profile.pinterestProfile,
          private_profile: profile.privateProfile,
          profile_background_path: profile.profileBackgroundPath,
          profile_background_data: profile.profileBackgroundData,
          teachable_certified: profile.teachableCertified,
        }
      : null,
    billing_address: billing
      ? {
          full_name: billing.fullName,
          company: billing.company,
          street: billing.street,
          postal_code: billing.postalCode,
          city: billing.city,
          country_code: billing.countryCode,
          vat_id: billing.vatId,
          updated_at: iso(billing.updatedAt),
        }
      : null,
    bank_details: bank
      ? { account_holder: bank.accountHolder, iban: bank.iban, bic: bank.bic, updated_at: iso(bank.updatedAt) }
      : null,
    notification_preferences: fromStored(state?.notificationPreferences),
    subjects: subjects.map((s) => ({
      id: s.id,
      world: s.world,
      key: s.key,
      title: s.title,
      chosen_at: iso(s.chosenAt),
    })),
    terms_acceptances: terms.map((a) => ({
      world: a.world,
      version: a.version,
      title: a.title,
      accepted_at: iso(a.acceptedAt),
    })),
    identities: identities.map((i) => ({
      provider: i.provider,
      subject: i.subject,
      email: i.email,
      created_at: iso(i.createdAt),
    })),
    follows: {
      following: following.map((f) => ({
        author_id: f.id,
        slug: f.slug,
        public_name: f.publicName,
        followed_at: iso(f.followedAt),
      })),
      followers_count: followers?.count ?? 0,
    },
    favourites: favourites.map((f) => ({
      material_id: f.id,
      world: f.world,
      title: f.title,
      favourited_at: iso(f.favouritedAt),
    })),
    folders: folders.map((f) => ({
      id: f.id,
      folder_type: f.type,
      title: f.title,
      parent_id: f.parentId,
      is_archive: f.isArchive,
      created_at: iso(f.createdAt),
      material_ids: placements.filter((p) => p.folderId === f.id).map((p) => p.materialId),
    })),
    author_domains: domains.map((d) => ({ domain: d.domain, world: d.world, created_at: iso(d.createdAt) })),
    sessions: sessions.map((s) => ({
      client_id: s.clientId,
      grant_type: s.grantType,
      by_admin: s.impersonatorUserId !== null,
      created_at: iso(s.createdAt),
      expires_at: iso(s.expiresAt),
      revoked_at: iso(s.revokedAt),
    })),
    security_events: events.map((e) => ({
      action: e.action,
      ip: e.actorUserId === userId ? e.ip : null,
      created_at: iso(e.createdAt),
    })),
    materials: materials.map((m) => ({
      id: m.id,
      world: m.world,
      title: m.title,
      is_active: m.isActive,
      created_at: iso(m.createdAt),
    })),
    blog_posts: posts.map((p) => ({ id: p.id, world: p.world, title: p.title, published_at: iso(p.publishedAt) })),
  };
}

export type DataExport = Awaited<ReturnType<typeof buildDataExport>>;

/** The file name of a download: `kreide-data-<id>-<yyyy-mm-dd>.json`. */
export function dataExportFileName(userId: number, at = new Date()): string {
  return `kreide-data-${userId}-${at.toISOString().slice(0, 10)}.json`;
}
