'use client';

import { useState, type ChangeEvent, type FormEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import { fill } from '@/lib/text/fill';
import { readRefusal } from './api-refusal';
import type { AdminTexts } from './texts';
import styles from './admin-commerce.module.css';

/** What `POST v3/admin/bank-statements` says happened to one row of the statement. */
export interface StatementResult {
  line: number;
  reference: string | null;
  outcome: string;
  orderId: number | null;
}

interface Props {
  texts: { bankStatements: AdminTexts['bankStatements']; errors: AdminTexts['errors'] };
  /** The longest statement the API takes, in characters. */
  maxLength: number;
  /** The orders page: a row's reference links to its search there. */
  ordersPath: string;
  loginPath: string;
}

/**
 * A file's text as UTF-8 (FileReader rather than `Blob.text()`, which older browsers lack). Banks
 * that export Latin-1 garble only umlauts in free text; dates, amounts and references are ASCII.
 */
function readAsText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

type Notice = { kind: 'info' | 'error'; text: string; signIn?: boolean } | null;

/**
 * The bank statement import: a CSV file is read in the browser as text into the text area (so
 * the admin sees what will be sent, and may paste instead), then posted to the API, which books
 * every row naming a pending invoice purchase with its exact total. The answer is shown as a
 * table, a translated outcome per row; the text stays, so a corrected statement can be sent again.
 */
export function BankStatementImport({ texts, maxLength, ordersPath, loginPath }: Props) {
  const t = texts.bankStatements;
  const [csv, setCsv] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [results, setResults] = useState<StatementResult[] | null>(null);
  const [busy, setBusy] = useState(false);
  const outcomes = t.outcomes as Record<string, string>;

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    let text: string;
    try {
      text = await readAsText(file);
    } catch {
      setNotice({ kind: 'error', text: t.fileUnreadable });
      return;
    }
    if (text.length > maxLength) {
      setNotice({ kind: 'error', text: fill(t.tooLarge, { max: maxLength }) });
      return;
    }
    setCsv(text);
    setResults(null);
    setNotice({ kind: 'info', text: fill(t.fileLoaded, { name: file.name }) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (csv.trim() === '') {
      setNotice({ kind: 'error', text: t.empty });
      return;
    }
    if (csv.length > maxLength) {
      setNotice({ kind: 'error', text: fill(t.tooLarge, { max: maxLength }) });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const answer = await getApiClient().post<{ results: StatementResult[] }>('v3/admin/bank-statements', { csv });
      setResults(answer.results);
    } catch (caught) {
      const refusal = await readRefusal(caught);
      setResults(null);
      if (refusal.status === 400) setNotice({ kind: 'error', text: t.invalid });
      // The API's body limit is in bytes: a long statement in another script can pass the character check.
      else if (refusal.status === 413) setNotice({ kind: 'error', text: fill(t.tooLarge, { max: maxLength }) });
      else if (refusal.status === 401) setNotice({ kind: 'error', text: texts.errors.signedOut, signIn: true });
      else if (refusal.status === 403) setNotice({ kind: 'error', text: texts.errors.forbidden });
      else setNotice({ kind: 'error', text: texts.errors.failed });
    } finally {
      setBusy(false);
    }
  }

  const paid = results?.filter((row) => row.outcome === 'paid').length ?? 0;
  return (
    <>
      <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor="statement-file">{t.file}</label>
          <input
            id="statement-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void readFile(event)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="statement-text">{t.text}</label>
          <textarea
            id="statement-text"
            name="csv"
            className={styles.textarea}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
            spellCheck={false}
          />
        </div>
        {notice?.kind === 'error' ? (
          <div role="alert" className={styles.error} data-testid="statement-error">
            <p>{notice.text}</p>
            {notice.signIn ? <a href={loginPath}>{texts.errors.signIn}</a> : null}
          </div>
        ) : null}
        <div role="status" className={styles.muted}>
          {notice?.kind === 'info' ? notice.text : null}
        </div>
        <div className={styles.actions}>
          <button type="submit" disabled={busy}>
            {busy ? t.busy : t.submit}
          </button>
        </div>
      </form>
      {results ? (
        <section aria-labelledby="statement-results-title" data-testid="statement-results">
          <h2 id="statement-results-title">{t.results}</h2>
          {results.length === 0 ? (
            <p className={styles.notice}>{t.noRows}</p>
          ) : (
            <>
              <p>{fill(t.summary, { rows: results.length, paid })}</p>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t.columns.line}</th>
                      <th scope="col">{t.columns.reference}</th>
                      <th scope="col">{t.columns.outcome}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {results.map((row) => (
                      <tr key={row.line} data-testid="statement-row" data-outcome={row.outcome}>
                        <td>{row.line}</td>
                        <td>
                          {row.reference && row.orderId !== null ? (
                            <a href={`${ordersPath}?q=${encodeURIComponent(row.reference)}`}>{row.reference}</a>
                          ) : (
                            (row.reference ?? t.noReference)
                          )}
                        </td>
                        <td>{outcomes[row.outcome] ?? row.outcome}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      ) : null}
    </>
  );
}
