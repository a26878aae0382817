/** A gift card's code as the site asks for it and reads it back, wherever it is typed. */

/** The field a code is typed in (src/ui/CodeForm.tsx), with room for what a person types around it. */
export const GIFT_CODE_FIELD = { label: 'Gift card code', maxLength: 60, placeholder: 'KAMAS-XXXX-XXXX-XXXX-XXXX' } as const;

/** A code as the customer reads it back: its last group. */
export const giftCardName = (code: string) => `Gift card ending ${code.slice(-4)}`;
