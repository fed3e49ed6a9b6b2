'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { getApiClient } from '@/lib/browser-session/browser';
import type { Suggestions } from '@/lib/search/suggest';

interface SearchBoxProps {
  action: string;
  defaultValue?: string;
  texts: { label: string; placeholder: string; button: string; materials: string; authors: string; subjects: string };
}

interface Option {
  id: string;
  label: string;
  path: string;
  group: 'materials' | 'authors' | 'subjects';
}

const EMPTY: Option[] = [];

/**
 * The header search: a plain GET form (works without JavaScript) enhanced into an ARIA
 * combobox that suggests materials, authors and subjects as the visitor types.
 */
export function SearchBox({ action, defaultValue = '', texts }: SearchBoxProps) {
  const [value, setValue] = useState(defaultValue);
  const [options, setOptions] = useState<Option[]>(EMPTY);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const inputId = useId();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    const text = value.trim();
    if (text.length < 2) return;
    const timer = setTimeout(() => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      getApiClient()
        .get<Suggestions>('v3/search/suggest', { searchParams: { q: text }, signal: controller.signal })
        .then((s) => {
          setOptions([
            ...s.materials.map((m) => ({ id: `m${m.id}`, label: m.title, path: m.path, group: 'materials' as const })),
            ...s.authors.map((a) => ({ id: `a${a.id}`, label: a.name, path: a.path, group: 'authors' as const })),
            ...s.subjects.map((x) => ({ id: `s${x.id}`, label: x.title, path: x.path, group: 'subjects' as const })),
          ]);
          setActive(-1);
          setOpen(true);
        })
        .catch((error: Error) => {
          if (error.name !== 'AbortError') console.warn('search suggestions failed', error.message);
        });
    }, 150);
    return () => clearTimeout(timer);
  }, [value]);

  /**
   * The input is uncontrolled so that whatever a visitor typed before the page became
   * interactive stays in the box; on hydration that text is taken over and suggested for.
   */
  function adoptTypedText(node: HTMLInputElement | null) {
    if (node && node.value !== value) {
      setValue(node.value);
      setOpen(true);
    }
  }

  // Under two characters nothing is suggested; older suggestions stay hidden.
  const shown = value.trim().length >= 2 ? options : EMPTY;
  const expanded = open && shown.length > 0;
  const activeOption = expanded && active >= 0 ? shown[active] : undefined;

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && shown.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % shown.length);
    } else if (event.key === 'ArrowUp' && shown.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? shown.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      window.location.assign(activeOption.path);
    }
  }

  return (
    <form action={action} method="get" role="search" className="search-form">
      <label htmlFor={inputId} className="visually-hidden">
        {texts.label}
      </label>
      <div className="search-combobox">
        <input
          id={inputId}
          name="q"
          type="search"
          ref={adoptTypedText}
          defaultValue={defaultValue}
          placeholder={texts.placeholder}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => setOpen(true)}
          data-testid="header-search"
        />
        <div id={listId} role="listbox" aria-label={texts.label} className="suggestions" hidden={!expanded}>
          {(['materials', 'authors', 'subjects'] as const).map((group) => {
            const members = shown.filter((option) => option.group === group);
            if (members.length === 0) return null;
            return (
              <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
                <div id={`${listId}-${group}`} role="presentation" className="suggestion-group">
                  {texts[group]}
                </div>
                {members.map((option) => (
                  <div
                    key={option.id}
                    id={`${listId}-${option.id}`}
                    role="option"
                    aria-selected={option === activeOption}
                    className="suggestion"
                    onMouseDown={(event) => {
                      event.preventDefault();
                      window.location.assign(option.path);
                    }}
                  >
                    {option.label}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      <button type="submit">{texts.button}</button>
    </form>
  );
}
