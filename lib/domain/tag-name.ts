import { z } from "zod";

/*
 * A tag's name as staff type it ("Damaged item") and its key, the form two names are compared
 * in: a workspace has one tag per key, so "damaged-item" and "Damaged-Item" are the same tag.
 */

export const TAG_NAME_MAX_LENGTH = 40;

/** The colours a tag may have; none is plain grey. */
export const TAG_COLORS = ["red", "amber", "green", "blue", "violet"] as const;
export const tagColorSchema = z.enum(TAG_COLORS);
export type TagColor = z.infer<typeof tagColorSchema>;

/** Spaces collapsed and trimmed; letters, digits, spaces and `-_./&'` only, at most 40 of them. */
export const tagNameSchema = z
  .string()
  .transform((name) => name.normalize("NFC").replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, "needs at least one letter or digit")
      .max(TAG_NAME_MAX_LENGTH)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} \-_./&']*$/u, "may hold letters, digits, spaces and -_./&'"),
  );

/** The name's key: its normal form in lower case. */
export function tagKey(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
}
