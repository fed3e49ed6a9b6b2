/**
 * The light Bulgarian stemmer of Preslav Nakov (BulStem, as ported in @orama/stemmers 3.1,
 * Apache-2.0). The published port writes into the string it was given, which strict mode refuses
 * ("Cannot assign to read only property"), so it fails on every word it should change: this one
 * works on an array of letters.
 */
export function stemBulgarian(word: string): string {
  const letters = [...word];
  const length = stemLength(letters, letters.length);
  return letters.slice(0, length).join('');
}

function endsWith(letters: string[], length: number, suffix: string): boolean {
  if (suffix.length > length) return false;
  for (let i = 0; i < suffix.length; i++) {
    if (letters[length - suffix.length + i] !== suffix[i]) return false;
  }
  return true;
}

function stemLength(letters: string[], start: number): number {
  let length = start;
  if (length < 4) return length;
  if (length > 5 && endsWith(letters, length, 'ища')) return length - 3;
  length = removeArticle(letters, length);
  length = removePlural(letters, length);
  if (length > 3) {
    if (endsWith(letters, length, 'я')) length--;
    if (endsWith(letters, length, 'а') || endsWith(letters, length, 'о') || endsWith(letters, length, 'е')) length--;
  }
  if (length > 4 && endsWith(letters, length, 'ен')) {
    letters[length - 2] = 'н';
    length--;
  }
  if (length > 5 && letters[length - 2] === 'ъ') {
    letters[length - 2] = letters[length - 1]!;
    length--;
  }
  return length;
}

function removeArticle(letters: string[], length: number): number {
  if (length > 6 && endsWith(letters, length, 'ият')) return length - 3;
  if (length > 5 && ['ът', 'то', 'те', 'та', 'ия'].some((suffix) => endsWith(letters, length, suffix)))
    return length - 2;
  if (length > 4 && endsWith(letters, length, 'ят')) return length - 2;
  return length;
}

function removePlural(letters: string[], length: number): number {
  if (length > 6) {
    if (endsWith(letters, length, 'овци') || endsWith(letters, length, 'ове')) return length - 3;
    if (endsWith(letters, length, 'еве')) {
      letters[length - 3] = 'й';
      return length - 2;
    }
  }
  if (length > 5) {
    if (endsWith(letters, length, 'ища')) return length - 3;
    if (endsWith(letters, length, 'та')) return length - 2;
    if (endsWith(letters, length, 'ци')) {
      letters[length - 2] = 'к';
      return length - 1;
    }
    if (endsWith(letters, length, 'зи')) {
      letters[length - 2] = 'г';
      return length - 1;
    }
    if (letters[length - 3] === 'е' && letters[length - 1] === 'и') {
      letters[length - 3] = 'я';
      return length - 1;
    }
  }
  if (length > 4) {
    if (endsWith(letters, length, 'си')) {
      letters[length - 2] = 'х';
      return length - 1;
    }
    if (endsWith(letters, length, 'и')) return length - 1;
  }
  return length;
}
