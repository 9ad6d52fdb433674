// What other parts of the server may use of the wall besides its service: where its photos are stored, and the
// recent snapshots of some people on the walls a viewer may see ("Novedades").
export { WALL_VARIANTS, WALL_MEDIA_PREFIX, wallFileName, wallStorageKey } from './media-links.ts';
export { storeSnapshotPhotos, type ProcessedPhoto } from './images.ts';
export { recentSnapshotsBy, wallLinkPreview, wallViewableSql } from './service.ts';
