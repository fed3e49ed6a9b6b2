import { getTranslations } from 'next-intl/server';
import { CartLink } from '@/components/commerce/cart-link';
import { AccountMenu } from '@/components/layout/account-menu';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { SubjectMenu } from '@/components/layout/subject-menu';
import type { RouteId } from '@/lib/routing/routes';
import { SearchBox } from '@/components/search/search-box';
import { pathFor } from '@/lib/routing/localized-routes';
import { WORLDS, type World } from '@/lib/worlds/worlds';

/** The cabinet pages the account menu links to. */
const ACCOUNT_MENU_ROUTES: RouteId[] = [
  'author-redirect',
  'cabinet-bought',
  'cabinet-materials',
  'cabinet-folders',
  'cabinet-inbox',
  'cabinet-change-email',
  'cabinet-change-password',
  'cabinet-billing-address',
  'cabinet-bank-details',
  'cabinet-notifications',
  'my-subjects',
];

/**
 * The site header: logo, search, subject menu, world switcher, favourites, cart and login.
 * Menus are native <details> elements: usable by keyboard and screen readers.
 */
export async function Header({ world }: { world: World }) {
  const t = await getTranslations('header');
  const search = await getTranslations('search');
  const common = await getTranslations('common');
  const meta = await getTranslations('meta');
  const cart = await getTranslations('cart');
  const searchPath = pathFor(world.code, 'search');
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <div className="header-row">
        <a href={pathFor(world.code, 'home')} className="logo" aria-label={t('logoLabel')}>
          Kreide
        </a>
        <SearchBox
          action={searchPath}
          texts={{
            label: t('searchLabel'),
            placeholder: t('searchPlaceholder'),
            button: t('searchButton'),
            materials: search('suggest.materials'),
            authors: search('suggest.authors'),
            subjects: search('suggest.subjects'),
          }}
        />
        <nav aria-label={t('accountNavigation')} className="account-nav">
          <a href={pathFor(world.code, 'favourites')}>{t('favourites')}</a>
          <CartLink
            world={world.code}
            href={pathFor(world.code, 'cart')}
            label={t('cart')}
            // The text as written: the link fills in `{count}` in the browser, where the count is known.
            countLabel={cart.raw('headerCount') as string}
          />
          <NotificationBell
            world={world.code}
            href={pathFor(world.code, 'cabinet-inbox')}
            texts={{
              label: t('notifications.bell'),
              unread: t.raw('notifications.bellUnread') as string,
              close: t('notifications.toast.close'),
            }}
          />
          <AccountMenu
            loginHref={pathFor(world.code, 'login')}
            links={ACCOUNT_MENU_ROUTES.map((id) => ({
              href: pathFor(world.code, id),
              label: meta(`routes.${id}.title`),
            }))}
            texts={{ login: t('login'), myAccount: t('myAccount'), logout: t('logout') }}
          />
        </nav>
      </div>
      <div className="header-row header-menus">
        <SubjectMenu
          searchPath={searchPath}
          texts={{ label: t('subjects'), loading: common('loading'), all: t('allSubjects') }}
        />
        <details className="menu world-switcher">
          <summary aria-label={t('worldSwitcherLabel', { world: world.nativeName })}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" className="icon">
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
              <path
                d="M2 12h20M12 2c3 3 3 17 0 20M12 2c-3 3-3 17 0 20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>{' '}
            {world.nativeName}
          </summary>
          <ul className="world-list" lang="">
            {WORLDS.map((w) => (
              <li key={w.code}>
                <a
                  href={pathFor(w.code, 'home')}
                  hrefLang={w.locale}
                  lang={w.locale}
                  aria-current={w.code === world.code ? 'true' : undefined}
                >
                  {w.nativeName}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </div>
    </header>
  );
}
