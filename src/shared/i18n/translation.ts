/** The same keys with any wording: a translation of `T` (tuples keep their length). */
export type Translation<T> = T extends string ? string : { readonly [K in keyof T]: Translation<T[K]> };
