import type { SignMethod } from './waiver-form-state.ts';

const CHOICES = [
  ['draw', 'Draw my signature'],
  ['type', 'Type my name'],
] as const;

interface Props {
  method: SignMethod;
  disabled: boolean;
  onChoose: (method: SignMethod) => void;
}

/** How the signer signs: by drawing on the pad, or by typing their name into it (so a keyboard alone can sign). */
export default function SignMethodChoice({ method, disabled, onChoose }: Props) {
  return (
    <fieldset className="sign-method">
      <legend>How will you sign?</legend>
      {CHOICES.map(([value, label]) => (
        <label key={value} className="sign-method-choice">
          <input
            type="radio"
            name="signMethod"
            value={value}
            checked={method === value}
            disabled={disabled}
            onChange={() => onChoose(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
