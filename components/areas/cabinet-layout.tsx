import type { ReactNode } from 'react';
import { CabinetNav } from '@/components/cabinet/cabinet-nav';
import styles from '@/components/cabinet/cabinet.module.css';
import { cabinetTexts } from '@/components/pages/cabinet-settings-pages';
import type { AreaPage } from './resolve-area';

/** The cabinet around every cabinet page: its navigation beside (on phones above) the page. */
export function CabinetLayout({ page, children }: { page: AreaPage; children: ReactNode }) {
  const texts = cabinetTexts(page.world);
  return (
    <div className={styles.page}>
      <div className={styles.layout}>
        <CabinetNav world={page.world.code} current={page.route.id} texts={texts.nav} />
        <div className={styles.content}>{children}</div>
      </div>
    </div>
  );
}
