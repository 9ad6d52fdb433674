// The pages that use the camera: the door's scanner (/puerta, /puerta/:eventId) and an event's live wall
// (/event/:eventId, /evento/:eventId/live). The server lets only these documents use the camera
// (Permissions-Policy), so the web app opens them as a document of their own, not by a client-side move.
const CAMERA_PAGE = /^\/(?:puerta(?:\/[^/]+)?|event\/[^/]+|evento\/[^/]+\/live)\/?$/;

export function usesCamera(pathname: string): boolean {
  return CAMERA_PAGE.test(pathname);
}
