'use client';

import { useState, type SyntheticEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import type { MegaMenuSchool } from '@/lib/catalog/classification';

interface SubjectMenuProps {
  searchPath: string;
  texts: { label: string; loading: string; all: string };
}

/**
 * The subject mega menu, loaded from `v3/mega-menu/get-subjects` when first opened, so the
 * (large) menu is not in every page's HTML. A failure is only logged to the console; the link to all
 * subjects works without JavaScript.
 */
export function SubjectMenu({ searchPath, texts }: SubjectMenuProps) {
  const [menu, setMenu] = useState<MegaMenuSchool[] | null>(null);
  const [requested, setRequested] = useState(false);

  function load(open: boolean) {
    if (!open || requested) return;
    setRequested(true);
    getApiClient()
      .get<MegaMenuSchool[]>('v3/mega-menu/get-subjects')
      .then(setMenu)
      .catch((error: Error) => {
        // Not sent at all on the payment page: nothing failed, there is nothing to report.
        if (error.name === 'AbortError') return;
        console.error('subject menu could not be loaded', error.message);
      });
  }

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    load(event.currentTarget.open);
  }

  return (
    // A menu opened before the page became interactive loads as soon as it is.
    <details className="menu mega-menu" onToggle={onToggle} ref={(node) => load(Boolean(node?.open))}>
      <summary>{texts.label}</summary>
      <nav aria-label={texts.label} className="mega-menu-panel">
        {menu === null ? <p role="status">{texts.loading}</p> : null}
        {menu
          ?.filter((school) => school.subjects.length > 0)
          .map((school) => (
            <section key={school.type} className="mega-menu-column">
              <h2>{school.school_name}</h2>
              <ul>
                {school.subjects.map((subject) => (
                  <li key={subject.id}>
                    <a href={`${searchPath}?subject=${subject.id}&school_type=${school.type}`}>
                      {subject.material_category} <span className="count">({subject.doc_count})</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        <p className="mega-menu-all">
          <a href={searchPath}>{texts.all}</a>
        </p>
      </nav>
    </details>
  );
}
