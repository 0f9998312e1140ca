import { describe, expect, it } from 'vitest';
import { checkPhoto, maxPhotoBytes, validateVerification } from './validation';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const photo = (name = 'front.png') => new File([new Uint8Array(100)], name, { type: 'image/png' });

describe('certificate photos are checked before upload (spec §5, §9)', () => {
  it('takes jpg, png and bmp up to 3 MB', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.bmp', 'image/bmp'],
      ['a.PNG', ''],
    ] as const) {
      expect(checkPhoto(file(name, type))).toBeUndefined();
    }
    expect(checkPhoto(file('a.png', 'image/png', maxPhotoBytes))).toBeUndefined();
  });

  it('says "File format error" for another type', () => {
    expect(checkPhoto(file('a.gif', 'image/gif'))).toBe('fileFormatError');
    expect(checkPhoto(file('a.pdf', 'application/pdf'))).toBe('fileFormatError');
    expect(checkPhoto(file('a.txt', ''))).toBe('fileFormatError');
  });

  it('asks for a photo that meets the specifications when it is over 3 MB or empty', () => {
    expect(checkPhoto(file('a.png', 'image/png', maxPhotoBytes + 1))).toBe('certificatePhotoTooLarge');
    expect(checkPhoto(file('a.png', 'image/png', 0))).toBe('certificatePhotoInvalid');
  });
});

describe('the verification form', () => {
  const base = {
    name: '张三',
    certificateNumber: '11010519491231002X',
    front: photo(),
    back: photo('back.png'),
  };

  it('wants a name, a valid ID card number and both sides for an ID card', () => {
    expect(validateVerification({ ...base, certificateType: 'id-card' })).toEqual({});
    expect(
      validateVerification({
        ...base,
        certificateType: 'id-card',
        name: '1',
        certificateNumber: '110105194912310021',
        back: null,
      }),
    ).toEqual({ name: 'nameFormat', certificateNumber: 'idCardFormat', back: 'certificatePhotoInvalid' });
  });

  it('wants a passport number and one photo for a passport', () => {
    expect(
      validateVerification({
        ...base,
        certificateType: 'passport',
        certificateNumber: 'E12345678',
        back: null,
      }),
    ).toEqual({});
    expect(
      validateVerification({ ...base, certificateType: 'passport', certificateNumber: 'ABC', front: null }),
    ).toEqual({
      certificateNumber: 'passportFormat',
      front: 'certificatePhotoInvalid',
    });
  });
});
