import type { ReactNode } from 'react';

/** Root layout of the benchmark's control page: no data, no proxy, no client components. */
export default function ControlLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
