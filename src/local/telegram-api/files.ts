/**
 * Photos held by the Telegram Bot API stand-in: an upload becomes a photo with file ids for each
 * size the real API would announce; a file id (any size's) can be sent again; `getFile` paths
 * serve the bytes back. Not a rule: test and playground infrastructure.
 */
import { badRequest } from './errors.ts';
import type { PhotoSize, StoredPhoto, UploadedFile } from './types.ts';

const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The longest sides of the sizes the real API makes of a photo (s, m, x, y). */
const SIZE_STEPS = [90, 320, 800, 1280];

/** The photos of one stand-in, by file id and by download path. */
export class PhotoStore {
  private readonly byFileId = new Map<string, StoredPhoto>();
  private readonly byPath = new Map<string, StoredPhoto>();
  private serial = 0;

  constructor(private readonly botId: number) {}

  /** Keeps an uploaded photo; 400 when it is not an image or breaks the photo limits. */
  addUpload(upload: UploadedFile): StoredPhoto {
    if (upload.size === 0) throw badRequest('file must be non-empty');
    if (upload.size > MAX_PHOTO_BYTES) throw badRequest('file is too big');
    const dimensions = imageDimensions(upload.bytes);
    if (!dimensions) throw badRequest('IMAGE_PROCESS_FAILED');
    const { width, height } = dimensions;
    if (width + height > 10000 || Math.max(width, height) / Math.max(1, Math.min(width, height)) > 20) {
      throw badRequest('PHOTO_INVALID_DIMENSIONS');
    }
    return this.keep({ ...upload }, width, height);
  }

  /** Keeps a photo sent by URL, without downloading it (no bytes, no dimensions). */
  addUrl(url: string): StoredPhoto {
    const photo = this.keep({ filename: url.split('/').pop() || 'photo', mimeType: 'image/jpeg', size: 0, bytes: Buffer.alloc(0) }, 0, 0);
    photo.url = url;
    return photo;
  }

  /** Puts back a photo kept from an earlier run under its own file ids; new photos are numbered after it. */
  restore(photo: StoredPhoto): void {
    for (const size of photo.sizes) this.byFileId.set(size.file_id, photo);
    this.byFileId.set(photo.file_id, photo);
    this.byPath.set(photo.file_path, photo);
    const serial = Number(/file_(\d+)\./.exec(photo.file_path)?.[1] ?? 0);
    this.serial = Math.max(this.serial, serial);
  }

  /** The photo a file id (of any of its sizes) names. */
  get(fileId: string): StoredPhoto | undefined {
    return this.byFileId.get(fileId);
  }

  /** The photo behind a `getFile` path. */
  atPath(path: string): StoredPhoto | undefined {
    return this.byPath.get(path);
  }

  /**
   * The photo a `photo`/`media` parameter names: `attach://name` or a file part of that name, a
   * known file id, or an http(s) URL. Throws the real API's 400s otherwise.
   */
  resolve(reference: unknown, files: Record<string, UploadedFile>, field: string): StoredPhoto {
    if (typeof reference === 'string' && reference.startsWith('attach://')) {
      const upload = files[reference.slice('attach://'.length)];
      if (!upload) throw badRequest(`can't parse InputMedia: media not found`);
      return this.addUpload(upload);
    }
    const part = files[field];
    if (reference === undefined && part) return this.addUpload(part);
    if (typeof reference !== 'string' || reference === '') throw badRequest(`there is no ${field} in the request`);
    if (/^https?:\/\//i.test(reference)) return this.addUrl(reference);
    const known = this.byFileId.get(reference);
    if (!known) throw badRequest('wrong file identifier/HTTP URL specified');
    return known;
  }

  private keep(upload: UploadedFile, width: number, height: number): StoredPhoto {
    const serial = ++this.serial;
    const id = (kind: string, size: string): string =>
      kind + Buffer.from(`${this.botId}:${serial}:${size}:nardy-local`).toString('base64url');
    const longest = Math.max(width, height);
    const steps = longest === 0 ? [0] : [...SIZE_STEPS.filter((step) => step < longest), Math.min(longest, 2560)];
    const sizes: PhotoSize[] = steps.map((step, index) => {
      const scale = longest === 0 ? 0 : step / longest;
      const size = 'smxyw'[index] ?? 'w';
      const area = scale * scale;
      return {
        file_id: id('AgACAgIAAxkBAAI', size),
        file_unique_id: id('AQAD', size).slice(0, 20),
        width: Math.round(width * scale),
        height: Math.round(height * scale),
        file_size: Math.max(1, Math.round(upload.size * (index === steps.length - 1 ? 1 : area))),
      };
    });
    const largest = sizes[sizes.length - 1] as PhotoSize;
    const extension = upload.mimeType === 'image/png' ? 'png' : 'jpg';
    const photo: StoredPhoto = {
      ...upload,
      file_id: largest.file_id,
      file_unique_id: largest.file_unique_id,
      file_path: `photos/file_${serial}.${extension}`,
      width,
      height,
      sizes,
    };
    for (const size of sizes) this.byFileId.set(size.file_id, photo);
    this.byPath.set(photo.file_path, photo);
    return photo;
  }
}

/** Width and height of a PNG, JPEG, GIF or WebP image; undefined for anything else. */
export function imageDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.subarray(12, 16).toString('latin1') === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.subarray(0, 4).toString('latin1') === 'GIF8') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 30 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return webpDimensions(bytes);
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDimensions(bytes);
  return undefined;
}

function webpDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  const chunk = bytes.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

function jpegDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    const length = bytes.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    at += 2 + length;
  }
  return undefined;
}
