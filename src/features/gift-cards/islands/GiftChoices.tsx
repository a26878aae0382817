/** A choice of one on the gift forms: the site's large radios, each with its words beside it, and the choice's message. */
import type { ComponentProps } from 'react';
import { ChoiceField } from '../../../ui/form-parts.tsx';

const GIFT_CLASSES = { group: 'gift-choices', choice: 'gift-choice' };

export default function GiftChoices<Value extends string>(props: Omit<ComponentProps<typeof ChoiceField<Value>>, 'classes'>) {
  return <ChoiceField {...props} classes={GIFT_CLASSES} />;
}
