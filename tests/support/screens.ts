import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync, inflateSync } from "node:zlib";
import type { Locator, Page } from "playwright";

/**
 * The one way our tests and `npm run screens` write a picture (decision 0400).
 * `docs/screens/` is a curated set: a screen's first view as a visitor sees it,
 * never a whole page, re-written only when its pixels changed, so that a
 * re-shoot without a change to the UI leaves `git status` clean.
 */

/**
 * Where pictures of screens go: docs/screens/ under `npm run screens`
 * (SCREENS_DIR), a temporary folder otherwise, so that a test run leaves the
 * working tree as it found it.
 */
export function screensDir(): string {
  const dir = process.env.SCREENS_DIR ?? path.join(tmpdir(), "nayacompare-screens");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface ScreenOptions {
  /** Another folder than screensDir(): a test's pictures for a reviewer, never docs/screens/. */
  dir?: string;
  /** More of the page to paint over than perRunSecrets(). */
  mask?: Locator[];
}

/**
 * What differs on every run by design, painted over in one grey: a key or a
 * secret made for the run (`pk_…`, `sk_…`, `whsec_…`, the portal's `code.secret`),
 * a QR code of a new two-step sign-in secret (`svg.qr`), and a test postback's
 * request and answer (`pre.postbacks-pre`: the receiver's port, a new click id).
 * A key's `-` and `_` let it wrap anywhere, so for the picture its text is one
 * fixed placeholder (put back after): the page is laid out the same every run.
 */
function perRunSecrets(page: Page): Locator[] {
  return [
    page.locator("svg.qr"),
    page.locator("code[data-screens-text]"),
    page.locator("pre.postbacks-pre"),
  ];
}

/** Puts SECRET_PLACEHOLDER in place of each key's text; `false` puts the keys back. */
async function hideKeys(page: Page, hide: boolean): Promise<void> {
  await page.evaluate(
    ({ hide, placeholder }) => {
      for (const code of document.querySelectorAll("code")) {
        const text = code.textContent ?? "";
        if (hide && (code.classList.contains("secret") || /^(pk|sk|whsec)_/.test(text))) {
          code.dataset.screensText = text;
          code.textContent = placeholder;
        } else if (!hide && code.dataset.screensText !== undefined) {
          code.textContent = code.dataset.screensText;
          delete code.dataset.screensText;
        }
      }
    },
    { hide, placeholder: SECRET_PLACEHOLDER },
  );
}

const SECRET_PLACEHOLDER = "x".repeat(32);

/**
 * The page's first screen (its viewport) as `<dir>/<name>.png`, written only
 * when no picture of the same pixels is there. Returns whether it wrote.
 */
export async function saveScreen(
  page: Page,
  name: string,
  { dir = screensDir(), mask = [] }: ScreenOptions = {},
): Promise<boolean> {
  await settled(page);
  await hideKeys(page, true);
  const picture = await page
    .screenshot({
      animations: "disabled",
      caret: "hide",
      mask: [...perRunSecrets(page), ...mask],
      maskColor: "#888888",
    })
    .finally(() => hideKeys(page, false));
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if (existsSync(file) && samePixels(readFileSync(file), picture)) return false;
  writeFileSync(file, compactPng(picture) ?? picture);
  return true;
}

/**
 * Fonts loaded and every picture on the first screen drawn (in shadow roots
 * too: the widget's lender logos), so that nothing changes after the picture.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images: HTMLImageElement[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll("*")) {
        if (element instanceof HTMLImageElement) images.push(element);
        if (element.shadowRoot) collect(element.shadowRoot);
      }
    };
    collect(document);
    const onScreen = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    };
    await Promise.all(
      images
        .filter((image) => onScreen(image) && !image.complete)
        .map(
          (image) =>
            new Promise((done) => {
              image.addEventListener("load", done, { once: true });
              image.addEventListener("error", done, { once: true });
            }),
        ),
    );
    await document.fonts.ready;
  });
}

/**
 * How far a colour channel may differ (of 255) and the pixel still count as
 * the same: Chromium's software rasterizer draws a rounded corner's edge one
 * unit lighter or darker from one run to the next; no visible change is that small.
 */
export const CHANNEL_NOISE = 2;

/**
 * Whether two PNG files hold the same picture: the same size and, at every
 * pixel, RGBA values within CHANNEL_NOISE, however each was compressed or filtered.
 */
export function samePixels(a: Buffer, b: Buffer): boolean {
  if (a.equals(b)) return true;
  const first = decodePng(a);
  const second = decodePng(b);
  if (!first || !second || first.width !== second.width || first.height !== second.height) {
    return false;
  }
  for (let at = 0; at < first.rgba.length; at++) {
    if (Math.abs((first.rgba[at] ?? 0) - (second.rgba[at] ?? 0)) > CHANNEL_NOISE) return false;
  }
  return true;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of the colour types Chromium writes at 8 bits: RGB and RGBA. */
const CHANNELS: Record<number, number> = { 2: 3, 6: 4 };

/**
 * A PNG's pixels as RGBA, for the files Chromium writes (8 bits, RGB or RGBA,
 * not interlaced); null for any other, which then always counts as changed.
 */
export function decodePng(file: Buffer): { width: number; height: number; rgba: Buffer } | null {
  const image = readPng(file);
  if (!image) return null;
  const { width, height, channels, pixels } = image;
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = Buffer.alloc(width * height * 4, 0xff);
  for (let pixel = 0; pixel < width * height; pixel++) {
    pixels.copy(rgba, pixel * 4, pixel * 3, pixel * 3 + 3);
  }
  return { width, height, rgba };
}

interface RawPng {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA), as the file had them. */
  channels: number;
  /** Rows of width × channels bytes, unfiltered. */
  pixels: Buffer;
}

function readPng(file: Buffer): RawPng | null {
  if (file.length < 33 || !file.subarray(0, 8).equals(SIGNATURE)) return null;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let at = 8; at + 8 <= file.length; ) {
    const length = file.readUInt32BE(at);
    const type = file.toString("latin1", at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = depth === 8 && interlace === 0 ? (CHANNELS[colour ?? -1] ?? 0) : 0;
      if (!channels) return null;
    } else if (type === "IDAT") {
      data.push(body);
    } else if (type === "IEND") {
      break;
    }
    at += 12 + length;
  }
  if (!channels || !width || !height) return null;
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) return null;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[out + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[out - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[out - stride + x - channels] ?? 0) : 0;
      pixels[out + x] = ((line[x] ?? 0) + predict(filter, left, up, upLeft)) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/**
 * The same picture, same colour type, in a fifth fewer bytes than Chromium
 * writes (docs/screens/ stays under its 5 MB): the rows unfiltered and
 * deflated at the strongest level, which suits flat screens best (measured
 * 2026-11-29 on docs/screens/: 4.91 MB → 4.01 MB; filtering each row as
 * libpng's heuristic chooses never came out smaller). The file as it came
 * when that is not smaller; null for a file decodePng cannot read.
 */
export function compactPng(file: Buffer): Buffer | null {
  const image = readPng(file);
  if (!image) return null;
  const { width, height, channels, pixels } = image;
  const stride = width * channels;
  const rows = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const written = Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9, memLevel: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return written.length < file.length ? written : file;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** PNG's five filters (None, Sub, Up, Average, Paeth): what is added back to each byte. */
function predict(filter: number | undefined, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const p = left + up - upLeft;
      const pa = Math.abs(p - left);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - upLeft);
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
    default:
      return 0;
  }
}
