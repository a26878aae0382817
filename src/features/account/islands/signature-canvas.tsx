/**
 * The signature pad's canvas (react-signature-canvas over signature_pad) in a file of its own, so
 * that it is fetched only when a pad is about to be shown (use-signature-canvas.ts).
 */
import type { ComponentPropsWithRef, ReactElement } from 'react';
import SignatureCanvasImport from 'react-signature-canvas';

/**
 * react-signature-canvas is CommonJS with `exports.default`: bundlers hand over the class, while
 * Node's own import hands over the exports object. Either way, the class.
 */
const SignatureCanvas: typeof SignatureCanvasImport =
  (SignatureCanvasImport as unknown as { default?: typeof SignatureCanvasImport }).default ?? SignatureCanvasImport;

type SignatureCanvasProps = ComponentPropsWithRef<typeof SignatureCanvas>;

/** The pad's canvas with the pad's props (use-signature-pad.ts). */
export function drawSignatureCanvas(props: SignatureCanvasProps): ReactElement {
  return <SignatureCanvas {...props} />;
}
