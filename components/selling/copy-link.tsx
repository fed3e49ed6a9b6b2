'use client';

import { useState } from 'react';
import styles from './share.module.css';

export interface CopyLinkTexts {
  copy: string;
  copied: string;
  failed: string;
}

/**
 * A button that copies a link to the clipboard and says so. Where the browser refuses (no
 * clipboard outside a secure context, or permission denied), it says to select the link, which
 * the page shows next to it.
 */
export function CopyLink({ value, texts, testId }: { value: string; texts: CopyLinkTexts; testId?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className={styles.copy}>
      <button type="button" className={styles.copyButton} onClick={copy} data-testid={testId}>
        {texts.copy}
      </button>
      <span role="status" aria-live="polite" className={styles.copyState}>
        {state === 'copied' ? texts.copied : state === 'failed' ? texts.failed : ''}
      </span>
    </span>
  );
}
