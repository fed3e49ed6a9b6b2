/**
 * The routing table of every screen. Each route is written once, in its German form (the model the
 * spec gives); every static word is translated per world through `SEGMENT_WORDS`. The table is
 * compiled once into per-world lookup maps (`lib/routing/localized-routes.ts`) — never into config
 * rewrites or the proxy: Next re-compiles every rewrite on each request to a dynamic route, so
 * thousands of per-world rules there make every page slow.
 *
 * Pattern syntax: static words, `:name` (one segment), `:name?` (optional, last only),
 * `:name*` (zero or more segments, last only). A param listed in `enums` takes one of a fixed set
 * of translatable words (the author-profile tab).
 */

/** How search engines may treat a page: public content is indexed; private and payment pages are not. */
export type RobotsClass = 'index' | 'noindex-follow' | 'noindex-nofollow';

/**
 * Where a page lives. Public pages are the same for every anonymous visitor of a world and go
 * through the cached catch-all route; every other area is personal and dynamic, with its own
 * folder, layout, error and not-found states (lib/routing/areas.ts names the folders).
 */
export const AREAS = ['public', 'account', 'shopping', 'cabinet', 'school', 'admin'] as const;
export type Area = (typeof AREAS)[number];

export interface RouteDef {
  id: string;
  /** German pattern without the world prefix; '' is the world's home. */
  de: string;
  area: Area;
  robots: RobotsClass;
  /** Fixed, translatable values of a param: canonical value → German word. */
  enums?: Record<string, Record<string, string>>;
}

const r = <const Id extends string, const Pattern extends string>(
  id: Id,
  de: Pattern,
  area: Area,
  robots: RobotsClass,
  enums?: RouteDef['enums'],
) => ({ id, de, area, robots, enums });

export const AUTHOR_TABS = ['materials', 'blog', 'activity', 'following'] as const;
export type AuthorTab = (typeof AUTHOR_TABS)[number];

export const ROUTES = [
  // Public
  r('home', '', 'public', 'index'),
  r('material', 'material/:id/:slug?', 'public', 'index'),
  r('author', 'autor/:id/:slug/:tab?', 'public', 'index', {
    tab: { materials: 'materialien', blog: 'blog', activity: 'aktivitaet', following: 'folgt' },
  }),
  r('user-profile', 'id/:id/:slug?', 'public', 'noindex-follow'),
  r('blog-post', 'post/:id', 'public', 'index'),
  r('keyword-landing', 'tema/:id/:slug*', 'public', 'index'),
  r('lesson-landing', 'unterricht/:id/:slug*', 'public', 'index'),
  r('school-landing', 'schulmaterialen/:school/:id/:slug*', 'public', 'index'),
  r('search', 'suchergebnisse', 'public', 'noindex-follow'),
  r('offers', 'angebote', 'public', 'index'),
  r('recommendations', 'empfehlungen', 'public', 'index'),
  r('seasonal', 'saison', 'public', 'index'),
  r('homeschooling', 'homeschooling', 'public', 'index'),
  r('help', 'hilfe', 'public', 'index'),
  r('faq', 'info/fragen', 'public', 'index'),
  r('terms', 'info/agb', 'public', 'index'),
  r('terms-version', 'info/agb/:version', 'public', 'noindex-follow'),
  r('imprint', 'info/impressum', 'public', 'index'),
  r('partners', 'partner', 'public', 'index'),
  r('podcast', 'podcast', 'public', 'index'),
  r('magazine', 'magazin', 'public', 'index'),
  r('team', 'team', 'public', 'index'),
  r('app', 'app', 'public', 'index'),
  r('impact', 'wirkung', 'public', 'index'),
  r('ai-tools', 'ki-tools', 'public', 'index'),
  r('ai-tools-faq', 'ki-tools/faq', 'public', 'index'),
  r('ai-tools-documents', 'ki-tools/documents', 'cabinet', 'noindex-nofollow'),
  r('ai-tools-document', 'ki-tools/document/:id', 'cabinet', 'noindex-nofollow'),
  r('ai-tool', 'ki-tools/:id', 'public', 'index'),
  r('interactive', 'interactive', 'public', 'index'),
  r('interactive-materials', 'interactive/materials', 'public', 'index'),
  r('interactive-mine', 'interactive/my-interactives', 'cabinet', 'noindex-nofollow'),
  r('interactive-learning-rooms', 'interactive/learning-rooms', 'cabinet', 'noindex-nofollow'),
  r('interactive-courses', 'interactive/courses', 'public', 'index'),
  r('foundation', 'stiftung-guter-unterricht', 'public', 'index'),
  r('free-materials', 'stiftung/unterrichtsmaterial', 'public', 'index'),
  r('free-material', 'stiftung/unterrichtsmaterial/:id/:slug*', 'public', 'index'),
  r('mental-health', 'are-you-ok', 'public', 'index'),
  r('mental-health-kids', 'are-you-ok/kids', 'public', 'index'),
  r('inclusion', 'inklusion', 'public', 'index'),
  r('ukraine', 'ukraine', 'public', 'index'),
  r('jobs', 'jobs', 'public', 'index'),
  r('gdpr-jobs', 'jobs/datenschutz', 'public', 'index'),
  r('contest-terms', 'gewinnspiel/teilnahmebedingungen', 'public', 'index'),
  r('contest', 'gewinnspiel/:slug?', 'public', 'index'),

  // Authentication and account entry: personal pages, never indexed nor followed (SPEC §2).
  r('login', 'anmelden', 'account', 'noindex-nofollow'),
  r('register', 'registrieren', 'account', 'noindex-nofollow'),
  r('register-confirm', 'registrieren/bestaetigen/:registrationToken', 'account', 'noindex-nofollow'),
  r('complete-registration', 'registrierung-abschliessen/:token', 'account', 'noindex-nofollow'),
  r('forgot-password', 'passwort-vergessen', 'account', 'noindex-nofollow'),
  r('password-recovery', 'passwort-wiederherstellen/:token', 'account', 'noindex-nofollow'),
  r('change-email-confirm', 'email-aendern/:confirmationToken', 'account', 'noindex-nofollow'),
  r('authorize', 'autorisieren', 'account', 'noindex-nofollow'),
  r('microsoft-redirect', 'microsoft-redirect', 'account', 'noindex-nofollow'),
  r('login-as', 'login-as', 'account', 'noindex-nofollow'),
  r('change-country', 'land-aendern', 'account', 'noindex-nofollow'),
  r('invitation', 'einladung/:code?', 'account', 'noindex-nofollow'),
  r('my-subjects', 'meine-faecher', 'account', 'noindex-nofollow'),
  r('author-redirect', 'mein-autorenprofil', 'account', 'noindex-nofollow'),

  // Shopping and links from e-mails
  r('cart', 'warenkorb', 'shopping', 'noindex-nofollow'),
  r('payment', 'bezahlung', 'shopping', 'noindex-nofollow'),
  r('order-confirmation', 'bestellbestaetigung/:orderId?', 'shopping', 'noindex-nofollow'),
  r('invoice-purchase-success', 'rechnungskauf-erfolgreich', 'shopping', 'noindex-nofollow'),
  r('abandoned-cart', 'warenkorb-wiederherstellen/:token', 'shopping', 'noindex-nofollow'),
  r('favourites', 'merkzettel', 'shopping', 'noindex-nofollow'),
  r('school-wishlist', 'schul-merkzettel', 'shopping', 'noindex-nofollow'),
  r('vouchers', 'gutscheine', 'shopping', 'noindex-nofollow'),
  r('free-download', 'free-material-download/:token', 'shopping', 'noindex-follow'),
  r('recommendation', 'recommendation/:token', 'shopping', 'noindex-follow'),
  r('unsubscribe', 'unsubscribe/:token', 'shopping', 'noindex-follow'),
  r('mailing-unsubscribe', 'mailing-unsubscribe/:token', 'shopping', 'noindex-follow'),
  r('unfollow-author', 'unfollow-author/:token', 'shopping', 'noindex-follow'),
  r('unsubscribe-by-link', 'abmelden-per-link/:token', 'shopping', 'noindex-follow'),
  r('nps', 'nps/:token', 'shopping', 'noindex-follow'),
  r('rating-landing', 'bewertung/:token', 'shopping', 'noindex-follow'),
  r('material-feedback', 'material-feedback/:id', 'shopping', 'noindex-follow'),
  r('material-card-preview', 'material-vorschau/:id', 'shopping', 'noindex-follow'),

  // Account cabinet
  r('cabinet-bought', 'konto/gekaufte-materialien', 'cabinet', 'noindex-nofollow'),
  r('cabinet-bank-details', 'konto/bankdaten', 'cabinet', 'noindex-nofollow'),
  r('cabinet-change-email', 'konto/email-aendern', 'cabinet', 'noindex-nofollow'),
  r('cabinet-change-password', 'konto/passwort-aendern', 'cabinet', 'noindex-nofollow'),
  r('cabinet-billing-address', 'konto/rechnungsadresse', 'cabinet', 'noindex-nofollow'),
  r('cabinet-notifications', 'konto/benachrichtigungen', 'cabinet', 'noindex-nofollow'),
  r('cabinet-delete-account', 'konto/konto-loeschen', 'cabinet', 'noindex-nofollow'),
  r('cabinet-invoices', 'konto/rechnungen', 'cabinet', 'noindex-nofollow'),
  r('cabinet-credit', 'konto/guthaben', 'cabinet', 'noindex-nofollow'),
  r('cabinet-fees', 'konto/gutschriften', 'cabinet', 'noindex-nofollow'),
  r('cabinet-sales', 'konto/verkaeufe', 'cabinet', 'noindex-nofollow'),
  r('cabinet-materials', 'konto/materialien', 'cabinet', 'noindex-nofollow'),
  r('cabinet-folders', 'konto/ordner', 'cabinet', 'noindex-nofollow'),
  r('cabinet-inbox', 'konto/mitteilungen', 'cabinet', 'noindex-nofollow'),
  r('cabinet-first-upload', 'konto/erster-upload/:materialId?', 'cabinet', 'noindex-nofollow'),
  r('cabinet-evaluation', 'konto/auswertung', 'cabinet', 'noindex-nofollow'),
  r('cabinet-material-sharing', 'konto/material-teilen', 'cabinet', 'noindex-nofollow'),
  r('cabinet-upload', 'konto/hochladen', 'cabinet', 'noindex-nofollow'),
  r('cabinet-post-editor', 'konto/beitrag-editor/:postId?', 'cabinet', 'noindex-nofollow'),
  r('cabinet-author-page', 'konto/autorenseite', 'cabinet', 'noindex-nofollow'),
  r('cabinet-my-school', 'konto/meine-schule', 'school', 'noindex-nofollow'),
  r('cabinet-school-account', 'konto/schulkonto', 'school', 'noindex-nofollow'),
  r('school-create', 'schule-erstellen', 'school', 'noindex-nofollow'),
  r('cabinet-fonts-tools', 'konto/schriften-und-tools', 'cabinet', 'noindex-nofollow'),
  r('cabinet-share', 'konto/teilen', 'cabinet', 'noindex-nofollow'),

  // Administration
  r('admin', 'verwaltung', 'admin', 'noindex-nofollow'),
  r('admin-jobs', 'verwaltung/warteschlange', 'admin', 'noindex-nofollow'),
  r('admin-orders', 'verwaltung/bestellungen', 'admin', 'noindex-nofollow'),
  r('admin-order', 'verwaltung/bestellungen/:id', 'admin', 'noindex-nofollow'),
  r('admin-bank-statements', 'verwaltung/kontoauszuege', 'admin', 'noindex-nofollow'),
  r('admin-vouchers', 'verwaltung/gutscheine', 'admin', 'noindex-nofollow'),
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

/** A route of the table, its id one of the table's ids. */
export type Route = RouteDef & { id: RouteId };

/** One path word: a param (`:name`, `:name?`, `:name*`) or a static word. */
type ParamOfPart<Part extends string> = Part extends `:${infer Name}*`
  ? { [K in Name]?: string[] }
  : Part extends `:${infer Name}?`
    ? { [K in Name]?: string }
    : Part extends `:${infer Name}`
      ? { [K in Name]: string }
      : unknown;

type ParamsOfPattern<Pattern extends string> = Pattern extends `${infer Head}/${infer Rest}`
  ? ParamOfPart<Head> & ParamsOfPattern<Rest>
  : ParamOfPart<Pattern>;

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * The params of a route, read from its pattern: `pathFor('material', …)` needs `id` and takes
 * an optional `slug`; a misspelt or missing param is a type error.
 */
export type RouteParamsOf<Id extends RouteId> = Flatten<
  ParamsOfPattern<Extract<(typeof ROUTES)[number], { id: Id }>['de']> & object
>;

const BY_ID = new Map<string, Route>(ROUTES.map((route) => [route.id, route]));

/** The route definition with this id. */
export function getRoute(id: RouteId): Route {
  return BY_ID.get(id)!;
}

/** Routes of an author's own domain; not world-prefixed. */
export const AUTHOR_DOMAIN_ROUTES = ['', 'blog', 'materials', 'material/:id/:slug'] as const;
