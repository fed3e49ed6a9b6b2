import type { ReactNode } from 'react';
import styles from './cabinet.module.css';

/**
 * A table wider than a phone scrolls sideways inside this region instead of the whole page. The
 * region is named and takes the keyboard's focus, so its hidden columns can be reached by
 * keyboard (arrow keys scroll it) and a screen reader says what it holds.
 */
export function TableRegion({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.tableRegion} role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}
