// Shapes the web client (Web/**/*.js) shares, for `tsc --noEmit` (scripts/check-js.sh): JSDoc in the
// modules names these types; nothing here is shipped.

/** An image variant of a photo, as the API gives it. */
interface Variant { url: string; width: number; height: number; jpegUrl?: string }

/** A photo as a page of GET /api/v1/photos lists it. */
interface Item {
  id: string;
  title?: string | null;
  width: number;
  height: number;
  takenAt?: string;
  placeholder?: { thumbHash?: string; averageColor?: string };
  thumb: Variant;
  small?: Variant;
  preview: Variant;
  original: Variant;
  /** Present until the photo is rendered: its thumb and preview have no URL yet. */
  status?: 'processing' | 'failed';
  /** A clip: its length in seconds and what the browser plays (thumb and preview are its poster frame). */
  kind?: 'video';
  duration?: number;
  video?: Variant & { mimeType: string };
  /** A Live or Motion Photo: the clip played while it is held. */
  motion?: Variant & { mimeType: string };
}

/** A photo's details (GET /api/v1/photos/{id}). */
interface Details extends Item {
  originalName: string;
  tags: string[];
  takenAtOffset?: number | null;
  takenAtSource?: string;
  cameraMake?: string; cameraModel?: string; lens?: string;
  exposureTime?: number | null; fNumber?: number | null; iso?: number | null; focalLength?: number | null;
  byteSize: number; format: string; mimeType: string;
  location?: { latitude: number; longitude: number; name?: string } | null;
  favorite?: boolean;
  albums?: string[];
}

/** A month of the library: its count, its first library index and what is loaded of it (sparse). */
interface Month { year: number; month: number; count: number; first: number; items: (Item | undefined)[] }
/** GET /api/v1/timeline. */
interface TimelineAnswer { months?: { year: number; month: number; count: number }[]; total?: number }
/** Photos placed from one page into one month. */
interface Run { section: number; start: number; items: Item[] }
interface Filter { q: string; tags: string[]; album?: string; favorite?: boolean }
/** Newest-first order of a photo: [ms since the epoch, id]. */
type SortKey = [number, string];
/** A message of the change feed. */
interface Change { kind: 'insert' | 'update' | 'delete'; id: string; photo: Item | null; sortKey?: SortKey; total?: number }
/** A place in time held by photo (or month) rather than by position (Grid.anchor). */
interface Anchor { section: number; item: number; offset: number; key: number; id?: string }

/** An error from getJSON: the HTTP status and the API's error code. */
interface HttpError extends Error { status?: number; code?: string }

/** An item of GET /api/v1/links (VitrineAPI's ShareLink). */
interface ShareLink {
  slug: string; url: string; albumId?: string | null; title: string; photoCount: number; createdAt: string;
  expiresAt?: string | null; hasPassword: boolean; allowDownload: boolean; allowUpload: boolean; showLocation: boolean;
  showPhotos: boolean; uploadCount: number; views: number; lastViewedAt?: string | null;
}

/** A grid tile: a photo's link, or a place still loading. */
interface Tile extends HTMLElement { img?: HTMLImageElement; f?: number[]; pending?: boolean; loaded?: boolean; status?: string }
/** A viewer slide and its frame. */
interface Slide extends HTMLDivElement {
  frame: HTMLDivElement & { img?: HTMLImageElement };
  orig?: HTMLImageElement; pid?: string; status?: string; fitW: number;
  /** A clip's player, over its poster frame. */
  clip?: HTMLVideoElement;
  /** A Live Photo's motion, over its still. */
  motion?: HTMLVideoElement;
}

interface ViewerHooks {
  requestClose(): void;
  changed?(id: string): void;
  tag?(name: string): void;
  deleted?(id: string): void;
  undo?(text: string, restore: () => Promise<void>): void;
  closed?(i: number): void;
}

interface Window { vitrine?: object }

/** The parity tools read engine-all.wasm from disk under Node. */
declare module 'node:fs' { export function readFileSync(url: URL): Uint8Array }

/** A live change as the library placed it: a photo left (no `photo`), came (`inserted`) or changed at `index` of month `section`. */
interface Edit { section: number; index: number; photo?: Item; inserted?: boolean }

/** The waits (ms) and sizes the client's screens decide by, from the engine (ClientPolicy.swift). */
interface ClientPolicy {
  searchPause: number; requeryPause: number; tagsPause: number; filterLeave: number; firstScreenWait: number;
  gridReadyWait: number; pageSize: number; largestPage: number; batchByID: number;
  serverTilesArrival: number; serverTilesPaint: number; toastFor: number; undoFor: number; detailsPause: number;
  placeKeep: number; idleWait: number; idleFallback: number; hiddenFlush: number; unknownAspect: number;
  tagChips: number; listPage: number; tileFade: number; menuMargin: number; hashBudget: number; selectionRanges: number; selectionIDs: number;
}

/** The scrubber's track on screen and its mapping between offsets and window ys (ScrubberTrack.swift). */
interface ScrubberTrack {
  shows: boolean; top: number; height: number;
  fraction(offset: number): number; handleY(offset: number): number; labelY(contentY: number): number; offset(y: number): number;
}
