'use client';

import { HTTPError } from 'ky';
import { useState } from 'react';
import useSWR from 'swr';
import { getApiClient } from '@/lib/browser-session/browser';
import { fill } from '@/lib/text/fill';
import type english from '@/messages/en/admin.json';
import styles from './failed-jobs.module.css';

/** The texts of the failed-jobs view (`admin.failedJobs`; de and en complete). */
export type FailedJobsTexts = (typeof english)['failedJobs'];

/** A job as `GET v3/admin/jobs` lists it. */
export interface ListedJob {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  summary: Record<string, string | number | boolean | null>;
}

interface JobPage {
  jobs: ListedJob[];
  page: number;
  limit: number;
  total: number;
}

type RowStatus = 'retrying' | 'retried' | 'notFailed' | 'gone' | 'retryFailed';

interface Props {
  texts: FailedJobsTexts;
  /** The world's Intl locale, for dates. */
  locale: string;
  loginPath: string;
}

function statusOf(error: unknown): RowStatus {
  if (!(error instanceof HTTPError)) return 'retryFailed';
  if (error.response.status === 409) return 'notFailed';
  if (error.response.status === 404) return 'gone';
  return 'retryFailed';
}

/**
 * The admin's view of the job queue's dead letters: jobs whose retries are used up, with their
 * last error and a short summary (never a secret), a page at a time, each with a retry button.
 * A retried job leaves the list once the list is loaded again; its row says what happened.
 */
export function FailedJobs({ texts, locale, loginPath }: Props) {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Record<string, RowStatus>>({});
  const { data, error, mutate } = useSWR<JobPage, unknown>(
    ['v3/admin/jobs', page],
    () => getApiClient().get<JobPage>('v3/admin/jobs', { searchParams: { state: 'failed', page } }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

  async function retry(id: string) {
    setRows((current) => ({ ...current, [id]: 'retrying' }));
    let status: RowStatus = 'retried';
    try {
      await getApiClient().post(`v3/admin/jobs/${id}/retry`);
    } catch (caught) {
      status = statusOf(caught);
    }
    setRows((current) => ({ ...current, [id]: status }));
  }

  const status = error instanceof HTTPError ? error.response.status : null;
  if (status === 401) {
    return (
      <div className={styles.notice} data-testid="failed-jobs-signed-out">
        <p>{texts.signedOut}</p>
        <a href={loginPath}>{texts.signIn}</a>
      </div>
    );
  }
  if (status === 403) {
    return (
      <p role="alert" className={styles.notice}>
        {texts.forbidden}
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className={styles.notice}>
        <p>{texts.loadFailed}</p>
        <button type="button" onClick={() => void mutate()}>
          {texts.reload}
        </button>
      </div>
    );
  }
  if (!data) {
    return (
      <p role="status" className={styles.muted}>
        {texts.loading}
      </p>
    );
  }

  const pages = Math.max(1, Math.ceil(data.total / data.limit));
  const names = texts.names as Record<string, string>;
  return (
    <section aria-labelledby="failed-jobs-title" data-testid="failed-jobs">
      <h2 id="failed-jobs-title">{texts.title}</h2>
      <p className={styles.intro}>{texts.intro}</p>
      {data.jobs.length === 0 ? (
        <p className={styles.notice}>{texts.empty}</p>
      ) : (
        <>
          <p className={styles.muted}>{fill(texts.total, { count: data.total })}</p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{texts.columns.job}</th>
                  <th scope="col">{texts.columns.details}</th>
                  <th scope="col">{texts.columns.error}</th>
                  <th scope="col">{texts.columns.attempts}</th>
                  <th scope="col">{texts.columns.failedAt}</th>
                  <th scope="col">{texts.columns.action}</th>
                </tr>
              </thead>
              <tbody>
                {data.jobs.map((job) => {
                  const row = rows[job.id];
                  return (
                    <tr key={job.id} data-testid="failed-job">
                      <td>
                        {names[job.name] ?? job.name}
                        <br />
                        <code className={styles.muted}>{job.id}</code>
                      </td>
                      <td>
                        <dl className={styles.summary}>
                          {Object.entries(job.summary).map(([key, value]) => (
                            <div key={key}>
                              <dt>{key}</dt>
                              <dd>{String(value)}</dd>
                            </div>
                          ))}
                        </dl>
                      </td>
                      <td className={styles.error}>{job.error ?? texts.noError}</td>
                      <td>{fill(texts.attempts, { count: job.retry_count + 1, limit: job.retry_limit + 1 })}</td>
                      <td>{job.completed_at ? when.format(new Date(job.completed_at)) : ''}</td>
                      <td>
                        <button
                          type="button"
                          onClick={() => void retry(job.id)}
                          disabled={row === 'retrying' || row === 'retried'}
                        >
                          {row === 'retrying' ? texts.retrying : texts.retry}
                        </button>
                        <span role="status" className={styles.rowStatus}>
                          {row && row !== 'retrying' ? texts[row] : null}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={fill(texts.page, { page, pages })}>
          <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            {texts.previous}
          </button>
          <span>{fill(texts.page, { page, pages })}</span>
          <button type="button" onClick={() => setPage(page + 1)} disabled={page >= pages}>
            {texts.next}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
