import { getTranslations } from 'next-intl/server';
import styles from '@/components/admin/admin-commerce.module.css';
import { BankStatementImport } from '@/components/admin/bank-statement-import';
import type { AdminTexts } from '@/components/admin/texts';
import type { AreaPageProps } from '@/components/areas/lazy-view';
import { MAX_STATEMENT_LENGTH } from '@/lib/commerce/payments';
import { getMessages } from '@/lib/i18n/messages';
import { pathFor } from '@/lib/routing/localized-routes';
import { routeMetadata } from './shell-page';
import type { PageView } from './types';

/** A statement as the import reads it (the parser's own test cases in miniature). */
const EXAMPLE = [
  'Date;Amount;Reference',
  '2026-11-20;24,90;"Order K-ABCDEFGH23, thank you"',
  '2026-11-20;10,00;Rent November',
].join('\n');

/**
 * Bank statement import (route `admin-bank-statements`): what the CSV must look like, then the
 * import itself, a client component that reads the file in the browser and shows the outcome of
 * every row as the API reports it.
 */
export const AdminBankStatementsPage: PageView<AreaPageProps> = {
  metadata: routeMetadata,
  async render({ world, route }) {
    const meta = await getTranslations('meta');
    const t = await getTranslations('admin');
    const admin = getMessages(world.language).admin as unknown as AdminTexts;
    return (
      <section className={styles.page} data-route={route.id}>
        <h1>{meta(`routes.${route.id}.title`)}</h1>
        <p>{t('bankStatements.intro')}</p>
        <section aria-labelledby="statement-format-title" data-testid="statement-format">
          <h2 id="statement-format-title">{t('bankStatements.formatTitle')}</h2>
          <ul>
            <li>{t('bankStatements.format.header')}</li>
            <li>{t('bankStatements.format.separators')}</li>
            <li>{t('bankStatements.format.amounts')}</li>
            <li>{t('bankStatements.format.reference')}</li>
          </ul>
          <p>{t('bankStatements.example')}</p>
          <pre className={styles.example}>{EXAMPLE}</pre>
        </section>
        <BankStatementImport
          texts={{ bankStatements: admin.bankStatements, errors: admin.errors }}
          maxLength={MAX_STATEMENT_LENGTH}
          ordersPath={pathFor(world.code, 'admin-orders')}
          loginPath={pathFor(world.code, 'login')}
        />
      </section>
    );
  },
};
