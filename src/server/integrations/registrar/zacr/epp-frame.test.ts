import { describe, expect, it } from 'vitest';
import { encodeFrame, FrameReader } from './epp-frame.ts';

describe('EPP framing (RFC 5734 §4)', () => {
  it('writes a 4-byte big-endian length that counts the header and the UTF-8 bytes', () => {
    const frame = encodeFrame('<epp>é</epp>');
    // "é" is two bytes: 12 characters, 13 bytes, 17 with the header.
    expect(frame.readUInt32BE(0)).toBe(17);
    expect(frame.length).toBe(17);
    expect(frame.subarray(4).toString('utf8')).toBe('<epp>é</epp>');
  });

  it('puts a data unit back together from chunks of one byte, header included', () => {
    const reader = new FrameReader();
    const frame = encodeFrame('<epp><hello/></epp>');
    const out: string[] = [];
    for (const byte of frame) out.push(...reader.push(Buffer.from([byte])));
    expect(out).toEqual(['<epp><hello/></epp>']);
  });

  it('answers every data unit of one merged chunk, and keeps the start of the next', () => {
    const reader = new FrameReader();
    const third = encodeFrame('<c/>');
    const merged = Buffer.concat([
      encodeFrame('<a/>'),
      encodeFrame('<b>ü</b>'),
      third.subarray(0, 6),
    ]);
    expect(reader.push(merged)).toEqual(['<a/>', '<b>ü</b>']);
    expect(reader.push(third.subarray(6))).toEqual(['<c/>']);
  });

  it('refuses a length that cannot be a data unit (the stream is out of step)', () => {
    const header = Buffer.alloc(4);
    header.writeUInt32BE(3, 0);
    expect(() => new FrameReader().push(header)).toThrow(RangeError);
    header.writeUInt32BE(0xffffffff, 0);
    expect(() => new FrameReader().push(header)).toThrow(RangeError);
  });
});
