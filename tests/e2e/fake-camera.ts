/**
 * Chromium's fake camera, fed one still picture: what a phone's camera sees when it is held over a
 * QR code on screen. Chromium plays a Y4M file given by --use-file-for-fake-video-capture in a loop;
 * the picture is drawn in the page it is on (so it is the very image the customer sees), in grey.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type Locator } from '@playwright/test';
import { CHROMIUM_ARGS, findBrowser } from '../../scripts/browser.ts';

const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M video of one frame (4:2:0, grey: only the brightness plane carries the picture). */
export function y4mOf(luma: Uint8Array, width = WIDTH, height = HEIGHT): Buffer {
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`), Buffer.from(luma), chroma]);
}

/** Writes to `path` a camera frame of the image `image` (an <svg> on screen), centred on white with a quiet margin. */
export async function cameraFileOf(image: Locator, path: string): Promise<void> {
  const luma = await image.evaluate(
    async (svg, [width, height]) => {
      const picture = new Image();
      picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await picture.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      const side = Math.round(height * 0.8);
      context.imageSmoothingEnabled = false;
      context.drawImage(picture, (width - side) / 2, (height - side) / 2, side, side);
      const { data } = context.getImageData(0, 0, width, height);
      const grey: number[] = [];
      for (let index = 0; index < data.length; index += 4) {
        grey.push(Math.round(0.299 * (data[index] ?? 0) + 0.587 * (data[index + 1] ?? 0) + 0.114 * (data[index + 2] ?? 0)));
      }
      return grey;
    },
    [WIDTH, HEIGHT] as const,
  );
  writeFileSync(path, y4mOf(Uint8Array.from(luma)));
}

/** A Chromium whose camera shows the Y4M file at `path`, with the camera allowed without asking. */
export function browserWithCamera(path: string): Promise<Browser> {
  const executablePath = findBrowser();
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${path}`,
    ],
  });
}
