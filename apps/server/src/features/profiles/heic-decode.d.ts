// heic-decode ships no types: libheif (WebAssembly) decoding a HEIC buffer to RGBA pixels.
declare module 'heic-decode' {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<Decoded>;
  export default decode;
}
