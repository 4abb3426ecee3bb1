/**
 * EPP over TCP (RFC 5734 §4): every message is a data unit of a 4-byte big-endian length header,
 * counting the header itself, followed by the XML. TCP may split one unit over many chunks or
 * merge several into one; FrameReader puts them back together.
 */

const headerBytes = 4;
/** Far above any EPP answer; a larger header means the stream is out of step, not a big answer. */
const maxFrameBytes = 16 * 1024 * 1024;

export function encodeFrame(xml: string): Buffer {
  const body = Buffer.from(xml, 'utf8');
  const frame = Buffer.allocUnsafe(headerBytes + body.length);
  frame.writeUInt32BE(headerBytes + body.length, 0);
  body.copy(frame, headerBytes);
  return frame;
}

export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  /** Takes the next chunk from the socket; answers every data unit it completes, in order. */
  push(chunk: Buffer): string[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const frames: string[] = [];
    while (this.buffered.length >= headerBytes) {
      const total = this.buffered.readUInt32BE(0);
      if (total < headerBytes || total > maxFrameBytes) {
        throw new RangeError(`EPP data unit length ${total} is out of range`);
      }
      if (this.buffered.length < total) break;
      frames.push(this.buffered.subarray(headerBytes, total).toString('utf8'));
      this.buffered = this.buffered.subarray(total);
    }
    return frames;
  }
}
