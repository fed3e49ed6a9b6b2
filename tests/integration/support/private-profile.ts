/** What a private author wrote about themself: none of it may reach any public answer, page or metadata. */
export const PRIVATE_PROFILE_FIELDS = {
  subtitle: 'Klassenlehrerin der 3b in Köln-Ehrenfeld',
  description: '<p>Privat: ich unterrichte an der Grundschule Beispielstraße 5.</p>',
  facebookProfile: 'privat.facebook.handle',
  instagramProfile: 'privat.instagram.handle',
  pinterestProfile: 'privatpinteresthandle',
  profileBackgroundPath: 'users/1/background-privatbackgr.webp',
  profileBackgroundData: { fallback: { format: 'jpeg', path: 'users/1/background-privatbackgr.jpg' } },
};
