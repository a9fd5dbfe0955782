/** Text to match literally inside a pattern built at run time (a boundary, a place's name, a sentence's ends). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
