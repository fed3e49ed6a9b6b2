import Link from 'next/link';
import { pathFor } from '@/lib/routing/localized-routes';
import type { RouteId } from '@/lib/routing/routes';
import type { WorldCode } from '@/lib/worlds/worlds';
import type { CabinetTexts } from './texts';
import styles from './cabinet.module.css';

type NavKey = Exclude<keyof CabinetTexts['nav'], 'label'>;

/** The settings pages of the cabinet, in the order the navigation shows them. */
export const SETTINGS_PAGES: readonly (readonly [RouteId, NavKey])[] = [
  ['cabinet-billing-address', 'billingAddress'],
  ['cabinet-bank-details', 'bankDetails'],
  ['cabinet-notifications', 'notifications'],
  ['my-subjects', 'mySubjects'],
  ['change-country', 'changeCountry'],
  ['cabinet-change-email', 'changeEmail'],
  ['cabinet-change-password', 'changePassword'],
  ['cabinet-delete-account', 'deleteAccount'],
];

/** Navigation between the settings pages, the current one marked for assistive technology. */
export function CabinetNav({
  world,
  current,
  texts,
}: {
  world: WorldCode;
  current: string;
  texts: CabinetTexts['nav'];
}) {
  return (
    <nav aria-label={texts.label} className={styles.nav}>
      <ul>
        {SETTINGS_PAGES.map(([route, key]) => (
          <li key={route}>
            <Link href={pathFor(world, route)} prefetch={false} aria-current={route === current ? 'page' : undefined}>
              {texts[key]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
