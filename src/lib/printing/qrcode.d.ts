/**
 * The slice of the `qrcode` package (1.5) the ticket uses: the synchronous
 * symbol builder. The package ships no types and @types/qrcode is not a
 * dependency; if it is added later, delete this file.
 */
declare module 'qrcode' {
  export interface QRCodeBitMatrix {
    /** Modules per side. */
    size: number;
    /** Row-major, one byte per module: 1 dark, 0 light. */
    data: Uint8Array;
  }
  export interface QRCodeSymbol {
    modules: QRCodeBitMatrix;
    version: number;
  }
  export interface QRCodeCreateOptions {
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    version?: number;
    maskPattern?: number;
  }
  export function create(text: string, options?: QRCodeCreateOptions): QRCodeSymbol;
  const QRCode: { create: typeof create };
  export default QRCode;
}
