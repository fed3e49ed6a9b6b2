'use client';

import { useState } from 'react';
import { getApiClient } from '@/lib/api/browser';
import styles from './selling.module.css';

/**
 * The "become a seller" button: one call, then the page is loaded again, now as a seller's page
 * (its server part decides what a seller sees).
 */
export function BecomeSellerButton({ texts }: { texts: { button: string; working: string; failed: string } }) {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  async function become() {
    setState('working');
    try {
      await getApiClient().post('v3/seller/become');
      window.location.reload();
    } catch {
      setState('failed');
    }
  }
  return (
    <p>
      <button
        type="button"
        className={styles.primary}
        disabled={state === 'working'}
        onClick={() => void become()}
        data-testid="become-seller"
      >
        {state === 'working' ? texts.working : texts.button}
      </button>{' '}
      {state === 'failed' ? (
        <span role="alert" className={styles.error}>
          {texts.failed}
        </span>
      ) : null}
    </p>
  );
}
