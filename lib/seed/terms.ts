import type { Database } from '@/lib/db/client';
import * as t from '@/lib/db/schema';
import { WORLD_CODES, type WorldCode } from '@/lib/worlds/worlds';

/** First version of the terms for the main worlds' languages; other worlds get the English text. */
const TERMS: Partial<Record<WorldCode, { title: string; body: string }>> & { en: { title: string; body: string } } = {
  de: {
    title: 'Allgemeine Geschäftsbedingungen',
    body: 'Kreide ist ein Marktplatz für Unterrichtsmaterialien. Käuferinnen und Käufer erwerben eine Lizenz zur Nutzung im eigenen Unterricht. Verkäuferinnen und Verkäufer versichern, die Rechte an ihren Materialien zu besitzen.',
  },
  es: {
    title: 'Condiciones generales',
    body: 'Kreide es un mercado de materiales didácticos. Quien compra adquiere una licencia para usarlos en sus propias clases. Quien vende garantiza que posee los derechos de sus materiales.',
  },
  fr: {
    title: 'Conditions générales',
    body: 'Kreide est une place de marché de ressources pédagogiques. L’acheteur acquiert une licence d’utilisation pour ses propres cours. Le vendeur garantit détenir les droits sur ses ressources.',
  },
  gr: {
    title: 'Όροι χρήσης',
    body: 'Το Kreide είναι μια αγορά εκπαιδευτικού υλικού. Όποιος αγοράζει αποκτά άδεια χρήσης στη δική του τάξη. Όποιος πουλάει εγγυάται ότι κατέχει τα δικαιώματα του υλικού του.',
  },
  it: {
    title: 'Condizioni generali',
    body: 'Kreide è un mercato di materiali didattici. Chi acquista ottiene una licenza per usarli nelle proprie lezioni. Chi vende garantisce di possedere i diritti sui propri materiali.',
  },
  en: {
    title: 'Terms and conditions',
    body: 'Kreide is a marketplace for teaching materials. Buyers acquire a licence to use them in their own teaching. Sellers confirm that they hold the rights to their materials.',
  },
};

/** Publishes version 1 of every world's terms and lets the given (demo) users accept them all. */
export async function seedTerms(db: Database, acceptedBy: number[]): Promise<void> {
  const versions = await db
    .insert(t.termsVersions)
    .values(WORLD_CODES.map((world) => ({ world, version: 1, ...(TERMS[world] ?? TERMS.en) })))
    .returning({ id: t.termsVersions.id });
  const acceptances = acceptedBy.flatMap((userId) => versions.map((v) => ({ userId, termsVersionId: v.id })));
  if (acceptances.length) await db.insert(t.termsAcceptances).values(acceptances);
}
