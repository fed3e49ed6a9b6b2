import { renderToStaticMarkup } from 'react-dom/server';
import { getMessages, type Messages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import { getRoute, type RouteId } from '@/lib/routing/routes';
import { getWorld, type WorldCode } from '@/lib/worlds/worlds';
import { CabinetLayout } from '@/components/areas/cabinet-layout';
import { ACCOUNT_VIEWS } from '@/components/areas/views/account';
import type { AreaPageProps, ViewRegistry } from '@/components/areas/lazy-view';
import { CABINET_VIEWS } from '@/components/areas/views/cabinet';

let language: ReturnType<typeof getWorld>['language'] = 'de';

// Server translations without a Next request: the same merged messages next-intl would get.
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: string) => (key: string) => {
    let node: string | Messages | undefined = getMessages(language)[namespace];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : `${namespace}.${key}`;
  },
}));

// In the app, next/dynamic renders the forms on the server too; a plain renderToStaticMarkup
// cannot wait for its chunks, so the forms are imported directly here.
jest.mock('@/components/cabinet/lazy', () => ({
  BankDetailsForm: jest.requireActual('@/components/cabinet/bank-details-form').BankDetailsForm,
  BillingAddressForm: jest.requireActual('@/components/cabinet/billing-address-form').BillingAddressForm,
  ChangeCountryForm: jest.requireActual('@/components/cabinet/change-country-form').ChangeCountryForm,
  DeleteAccountForm: jest.requireActual('@/components/cabinet/delete-account-form').DeleteAccountForm,
  MySubjectsForm: jest.requireActual('@/components/cabinet/my-subjects-form').MySubjectsForm,
  NotificationPreferencesForm: jest.requireActual('@/components/cabinet/notification-preferences-form')
    .NotificationPreferencesForm,
}));

const SETTINGS: RouteId[] = [
  'cabinet-billing-address',
  'cabinet-bank-details',
  'cabinet-notifications',
  'my-subjects',
  'change-country',
  'cabinet-delete-account',
];

/** The page as its area renders it: cabinet pages inside the cabinet's layout, account pages alone. */
async function render(world: WorldCode, route: RouteId): Promise<string> {
  language = getWorld(world).language;
  const inCabinet = getRoute(route).area === 'cabinet';
  const registry: ViewRegistry<AreaPageProps> = inCabinet ? CABINET_VIEWS : ACCOUNT_VIEWS;
  const view = await registry[route]?.();
  expect(view).toBeDefined();
  const page = { world: getWorld(world), route: getRoute(route), params: {} };
  const content = await view!.render({ ...page, userId: 1, query: {} });
  return renderToStaticMarkup(
    inCabinet ? <CabinetLayout page={{ ...page, userId: 1 }}>{content}</CabinetLayout> : <>{content}</>,
  );
}

describe.each(['de', 'it'] as const)('settings pages in %s', (world) => {
  it.each(SETTINGS)(
    '%s: a translated page with the form still to load, in the cabinet with its navigation',
    async (route) => {
      const html = await render(world, route);
      const meta = getMessages(getWorld(world).language).meta as Messages;
      const title = ((meta.routes as Messages)[route] as Messages).title as string;
      expect(html).toContain(`<h1>${title.replace(/&/g, '&amp;')}</h1>`);
      if (getRoute(route).area === 'cabinet') {
        expect(html).toContain(`aria-current="page" href="${pathFor(world, route)}"`);
        expect(html.match(/aria-current/g)).toHaveLength(1);
        for (const other of SETTINGS.filter((r) => r !== route))
          expect(html).toContain(`href="${pathFor(world, other)}"`);
      } else {
        // Account entry pages open to everybody stand without the cabinet's navigation.
        expect(html).not.toContain('aria-current');
      }
      // Personal data arrives later, through the API: the HTML is the same for everybody.
      expect(html).toContain('role="status"');
      expect(html).not.toContain('@');
    },
  );
});

it('reaches the new deletion route through its localised path in every language we wrote', () => {
  expect(pathFor('de', 'cabinet-delete-account')).toBe('/de/konto/konto-loeschen');
  expect(pathFor('it', 'cabinet-delete-account')).toBe('/it/account/elimina-account');
  expect(pathFor('gr', 'cabinet-delete-account')).toBe('/gr/logariasmos/diagrafi-logariasmou');
});
