import type { AuthorPersonalDetails } from './author-view';

export type SocialNetworkName = 'Instagram' | 'Pinterest' | 'Facebook';

export interface SocialProfileLink {
  network: SocialNetworkName;
  url: string;
}

/**
 * The social profiles an author named, as links to them: stored as handles (checked per network
 * in lib/accounts/user-details.ts), so the address is always the network's own. The author page
 * links to them and its structured data names them as the person's `sameAs`: one list for both.
 */
export function listSocialProfileLinks(
  details: Pick<AuthorPersonalDetails, 'instagramProfile' | 'pinterestProfile' | 'facebookProfile'>,
): SocialProfileLink[] {
  const links: SocialProfileLink[] = [];
  if (details.instagramProfile)
    links.push({
      network: 'Instagram',
      url: `https://www.instagram.com/${encodeURIComponent(details.instagramProfile)}`,
    });
  if (details.pinterestProfile)
    links.push({
      network: 'Pinterest',
      url: `https://www.pinterest.com/${encodeURIComponent(details.pinterestProfile)}`,
    });
  if (details.facebookProfile)
    links.push({ network: 'Facebook', url: `https://www.facebook.com/${encodeURIComponent(details.facebookProfile)}` });
  return links;
}
