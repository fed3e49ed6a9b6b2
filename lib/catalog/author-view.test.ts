import { AUTHOR_PERSONAL_FIELDS, toPublicAuthorProfile } from './author-view';

const user = {
  id: 7,
  slug: 'frau-privat',
  isSeller: true,
  becameSellerAt: new Date('2024-01-02T00:00:00Z'),
  createdAt: new Date('2023-05-06T00:00:00Z'),
  world: 'de' as const,
  publicName: 'Frau Privat',
  imagePath: 'users/7/image-abcdefghijkl.webp',
};

const profile = {
  userId: 7,
  subtitle: 'Mathe in Köln',
  description: '<p>Ich unterrichte an der Grundschule Beispielstraße.</p>',
  facebookProfile: 'frau.privat.fb',
  instagramProfile: 'frau.privat.ig',
  pinterestProfile: 'fraupinterest',
  privateProfile: false,
  profileBackgroundData: { fallback: { format: 'jpeg', path: 'users/7/background-abcdefghijkl.jpg' } },
  profileBackgroundPath: 'users/7/background-abcdefghijkl.webp',
  teachableCertified: true,
  followersNumber: 12,
  followingNumber: 3,
};

describe('the public view of an author profile', () => {
  it('shows everything of a public profile', () => {
    const view = toPublicAuthorProfile(user, profile, 4);
    expect(view.details).toMatchObject({
      privateProfile: false,
      subtitle: 'Mathe in Köln',
      instagramProfile: 'frau.privat.ig',
      totalMaterials: 4,
    });
  });

  it('leaves a private profile’s personal fields out — absent, not blank — and keeps name, picture, badge and counts', () => {
    const view = toPublicAuthorProfile(user, { ...profile, privateProfile: true }, 4);
    expect(view).toEqual({
      id: 7,
      slug: 'frau-privat',
      isSeller: true,
      becameSellerAt: '2024-01-02T00:00:00.000Z',
      createdAt: '2023-05-06T00:00:00.000Z',
      world: 'de',
      followersNumber: 12,
      followingNumber: 3,
      details: {
        publicName: 'Frau Privat',
        imagePath: 'users/7/image-abcdefghijkl.webp',
        teachableCertified: true,
        totalMaterials: 4,
        privateProfile: true,
      },
    });
    for (const field of AUTHOR_PERSONAL_FIELDS) expect(Object.hasOwn(view.details, field)).toBe(false);
    const json = JSON.stringify(view);
    for (const value of ['Mathe in Köln', 'Beispielstraße', 'frau.privat', 'fraupinterest', 'background-'])
      expect(json).not.toContain(value);
  });
});
