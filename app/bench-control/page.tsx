import type { Metadata } from 'next';

export const dynamic = 'force-static';
export const metadata: Metadata = { title: 'Kreide benchmark control', robots: { index: false, follow: false } };

/**
 * The control route of `npm run bench`: a prerendered static page that bypasses the proxy and
 * touches no data. Page budgets are ratios to its throughput on the same machine and run.
 */
export default function ControlPage() {
  return (
    <main>
      <h1>Kreide</h1>
      <p>Benchmark control page.</p>
    </main>
  );
}
