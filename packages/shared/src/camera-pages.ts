// The pages that use the camera: the door's scanner (/puerta, /puerta/:eventId) and an event's live wall
// (/event/:eventId, /evento/:eventId/live); and the page that may ask where the person is: explore's "cerca de
// mí" (/explore, /explorar). The server lets only these documents use the camera or geolocation
// (Permissions-Policy), so the web app opens them as a document of their own, not by a client-side move.
const CAMERA_PAGE = /^\/(?:puerta(?:\/[^/]+)?|event\/[^/]+|evento\/[^/]+\/live)\/?$/;
const GEOLOCATION_PAGE = /^\/(?:explore|explorar)\/?$/;

export function usesCamera(pathname: string): boolean {
  return CAMERA_PAGE.test(pathname);
}

export function usesGeolocation(pathname: string): boolean {
  return GEOLOCATION_PAGE.test(pathname);
}

// A page whose permissions differ from the rest: reached by a full document load.
export function opensOwnDocument(pathname: string): boolean {
  return usesCamera(pathname) || usesGeolocation(pathname);
}
