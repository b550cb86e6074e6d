import { Fragment, type ReactNode } from 'react';

/**
 * The mark to pass for an element inside a sentence: `t('signedInAs', { name: SLOT })`. Messages
 * stay plain text (no markup in the language files); the element goes where the translation puts
 * the mark, so word order is the translator's.
 */
export const SLOT = '\u2063';

/**
 * A translated sentence with elements in it: `<Slotted text={t('signedInAs', { name: SLOT })}>{<strong>{user}</strong>}</Slotted>`.
 * Each SLOT in the text takes the next child, in order.
 */
export function Slotted({ text, children }: { text: string; children: ReactNode | ReactNode[] }) {
  const parts = text.split(SLOT);
  const slots = Array.isArray(children) ? children : [children];
  return (
    <>
      {parts.map((part, i) => (
        // the parts of one sentence never reorder: their index is their identity
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? slots[i] : null}
        </Fragment>
      ))}
    </>
  );
}
