'use client';

import { getSession } from '@/lib/browser-session/browser';
import { useLoggedInFlag } from '@/components/session/use-logged-in-flag';

interface AccountMenuProps {
  loginHref: string;
  links: { href: string; label: string }[];
  texts: { login: string; myAccount: string; logout: string };
}

/**
 * The header's account entry. The server renders the sign-in link for everyone (the page is
 * the same for every visitor); after load, a visitor whose browser says it is logged in gets
 * the account menu with the cabinet links and logout instead.
 */
export function AccountMenu({ loginHref, links, texts }: AccountMenuProps) {
  // The server and hydration render the sign-in link; the browser's flag decides afterwards.
  const loggedIn = useLoggedInFlag() === true;

  if (!loggedIn) {
    return (
      <a href={loginHref} data-testid="login-link">
        {texts.login}
      </a>
    );
  }
  return (
    <details className="menu account-menu">
      <summary data-testid="account-menu">{texts.myAccount}</summary>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
        <li>
          <button type="button" className="link-button" data-testid="logout" onClick={() => void getSession().logout()}>
            {texts.logout}
          </button>
        </li>
      </ul>
    </details>
  );
}
