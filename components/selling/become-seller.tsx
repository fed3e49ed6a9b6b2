'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
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

/** Starts a bundle draft and opens its upload steps. */
export function CreateBundleButton({
  texts,
  editBase,
}: {
  texts: { create: string; creating: string };
  editBase: string;
}) {
  const [working, setWorking] = useState(false);
  const router = useRouter();
  async function create() {
    setWorking(true);
    try {
      const bundle = await getApiClient().post<{ id: number }>('v3/seller/bundles');
      router.push(`${editBase}/${bundle.id}?step=files`);
    } catch {
      setWorking(false);
    }
  }
  return (
    <button
      type="button"
      className={styles.secondary}
      disabled={working}
      onClick={() => void create()}
      data-testid="create-bundle"
    >
      {working ? texts.creating : texts.create}
    </button>
  );
}
