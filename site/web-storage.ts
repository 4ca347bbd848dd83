type Place = "localStorage" | "sessionStorage";

/**
 * Web storage, read and written only after hydration. Merely touching
 * `window.localStorage` throws in some privacy modes: then nothing is
 * remembered and the page works all the same.
 */
export function readStored(place: Place, key: string): string | null {
  try {
    return window[place].getItem(key);
  } catch {
    return null;
  }
}

export function store(place: Place, key: string, value: string): void {
  try {
    window[place].setItem(key, value);
  } catch {
    // Not remembered.
  }
}
