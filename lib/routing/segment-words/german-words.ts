/** Every static German path word of the routing table (routes.ts), plus the author-tab words. */
export const GERMAN_WORDS = [
  'material', 'autor', 'id', 'post', 'tema', 'unterricht', 'schulmaterialen', 'suchergebnisse', 'angebote',
  'empfehlungen', 'saison', 'homeschooling', 'hilfe', 'info', 'fragen', 'agb', 'impressum', 'partner', 'podcast',
  'magazin', 'team', 'app', 'wirkung', 'ki-tools', 'faq', 'documents', 'document', 'interactive', 'materials',
  'my-interactives', 'learning-rooms', 'courses', 'stiftung-guter-unterricht', 'stiftung', 'unterrichtsmaterial',
  'are-you-ok', 'kids', 'inklusion', 'ukraine', 'jobs', 'datenschutz', 'gewinnspiel', 'teilnahmebedingungen',
  'anmelden', 'registrieren', 'bestaetigen', 'registrierung-abschliessen', 'passwort-vergessen',
  'passwort-wiederherstellen', 'email-aendern', 'autorisieren', 'microsoft-redirect', 'login-as', 'land-aendern',
  'einladung', 'meine-faecher', 'mein-autorenprofil', 'warenkorb', 'bezahlung', 'bestellbestaetigung',
  'rechnungskauf-erfolgreich', 'warenkorb-wiederherstellen', 'merkzettel', 'schul-merkzettel', 'gutscheine',
  'free-material-download', 'recommendation', 'unsubscribe', 'mailing-unsubscribe', 'unfollow-author',
  'abmelden-per-link', 'nps', 'bewertung', 'material-feedback', 'material-vorschau', 'konto',
  'gekaufte-materialien', 'bankdaten', 'passwort-aendern', 'rechnungsadresse', 'benachrichtigungen', 'rechnungen',
  'guthaben', 'gutschriften', 'verkaeufe', 'materialien', 'erster-upload', 'auswertung', 'material-teilen',
  'hochladen', 'beitrag-editor', 'meine-schule', 'schulkonto', 'schule-erstellen', 'schriften-und-tools', 'teilen',
  'blog', 'aktivitaet', 'folgt', 'konto-loeschen',
] as const;

export type GermanWord = (typeof GERMAN_WORDS)[number];

/** One world's words for every German path word. */
export type WorldWords = Record<GermanWord, string>;
