/** The shape every language's catalog has: the English catalog's keys, each with a string of its own. */
export type CatalogOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : CatalogOf<T[K]> };
