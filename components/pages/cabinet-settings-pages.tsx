import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import {
  BankDetailsForm,
  BillingAddressForm,
  ChangeCountryForm,
  DeleteAccountForm,
  MySubjectsForm,
  NotificationPreferencesForm,
} from '@/components/cabinet/lazy';
import type { CabinetTexts } from '@/components/cabinet/texts';
import styles from '@/components/cabinet/cabinet.module.css';
import { getMessages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import type { World } from '@/lib/worlds/worlds';
import { routeMetadata } from './shell-page';
import type { PageProps, PageView } from './types';

/** The group's texts with the per-key fallback (language → en → de), as plain data for client forms. */
export function cabinetTexts(world: World): CabinetTexts {
  return getMessages(world.language)['cabinet-settings'] as unknown as CabinetTexts;
}

interface SectionContext {
  world: World;
  texts: CabinetTexts;
  loginPath: string;
}

/**
 * A settings page: a translated heading and a client form that loads the user's data after the
 * page arrives. The cabinet's navigation around it is the cabinet area's layout; the account
 * entry pages among the settings (my subjects, change country) stand on their own.
 */
function settingsPage(section: (context: SectionContext) => ReactNode): PageView {
  return {
    metadata: routeMetadata,
    async render({ world, route }: PageProps) {
      const meta = await getTranslations('meta');
      const texts = cabinetTexts(world);
      return (
        <section className={styles.section} data-route={route.id}>
          <h1>{meta(`routes.${route.id}.title`)}</h1>
          {section({ world, texts, loginPath: pathFor(world.code, 'login') })}
        </section>
      );
    },
  };
}

/** Billing address (cabinet-billing-address). */
export const BillingAddressPage = settingsPage(({ world, texts, loginPath }) => (
  <>
    <p className={styles.intro}>{texts.billing.intro}</p>
    <BillingAddressForm
      locale={world.locale}
      defaultCountry={world.country}
      loginPath={loginPath}
      texts={{ common: texts.common, errors: texts.errors, billing: texts.billing }}
    />
  </>
));

/** Bank details for payouts, IBAN and BIC validated (cabinet-bank-details). */
export const BankDetailsPage = settingsPage(({ texts, loginPath }) => (
  <>
    <p className={styles.intro}>{texts.bank.intro}</p>
    <BankDetailsForm loginPath={loginPath} texts={{ common: texts.common, errors: texts.errors, bank: texts.bank }} />
  </>
));

/** Notification preferences (cabinet-notifications). */
export const NotificationsPage = settingsPage(({ texts, loginPath }) => (
  <>
    <p className={styles.intro}>{texts.notifications.intro}</p>
    <NotificationPreferencesForm
      loginPath={loginPath}
      texts={{ common: texts.common, notifications: texts.notifications }}
    />
  </>
));

/** The subjects a teacher teaches (my-subjects). */
export const MySubjectsPage = settingsPage(({ texts, loginPath }) => (
  <>
    <p className={styles.intro}>{texts.subjects.intro}</p>
    <MySubjectsForm
      loginPath={loginPath}
      texts={{ common: texts.common, errors: texts.errors, subjects: texts.subjects }}
    />
  </>
));

/** Change country: for the device, and on the account when signed in (change-country). */
export const ChangeCountryPage = settingsPage(({ world, texts, loginPath }) => (
  <>
    <p className={styles.intro}>{texts.country.intro}</p>
    <ChangeCountryForm
      locale={world.locale}
      loginPath={loginPath}
      texts={{ common: texts.common, errors: texts.errors, country: texts.country }}
    />
  </>
));

/** Data export and account deletion (cabinet-delete-account). */
export const DeleteAccountPage = settingsPage(({ world, texts, loginPath }) => (
  <DeleteAccountForm
    exportUrl={`${process.env.NEXT_PUBLIC_API_BASE ?? '/api'}/v3/account/export?world=${world.code}`}
    homePath={pathFor(world.code, 'home')}
    loginPath={loginPath}
    texts={{ common: texts.common, errors: texts.errors, delete: texts.delete }}
  />
));
