// What the tool says where there is nothing to show yet or a choice is not available (issue 15).

export type EntryTab = 'estimate' | 'indexing' | 'phasing' | 'bookvalue';

/** The hint row of an entry grid without entries: where entries come from, for this user. */
export function emptyGridHint(tab: EntryTab, readOnly: boolean): string {
  if (readOnly) return 'Dit rekenmodel heeft hier nog geen posten.';
  if (tab === 'estimate') return "Nog geen posten — typ een omschrijving in de lege regel 'Nieuwe post…' van de tabel, of hieronder bij 'Omschrijving nieuwe post' en kies 'Post toevoegen'.";
  return 'Nog geen posten — voeg ze toe op het tabblad Raming; daarna vult u hier de regels in.';
}

