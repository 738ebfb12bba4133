// The citation table's COPY rows are decoded from bytes (infra/kg/read-first-links.ts): a number field digit by
// digit must give what Number(text) gives for every text COPY may send, digits or not (checked against Number).
import { expect } from 'chai';
import { fieldNumber } from '../../../infra/kg/read-first-links';

describe('infra/kg first-link rows: number fields read from bytes', () => {
  it('equal Number(text) for digits, empty, null (\\N), signs, decimals and over-long digit strings', () => {
    const texts = ['0', '7', '42', '000123', '2147483647', '9007199254740993', '123456789012345678', '', '\\N', '-5', '+3', '1.5', '1e3', ' 12', 'x'];
    for (const text of texts) {
      const row = Buffer.from(`ab\t${text}\tcd`, 'latin1');
      const got = fieldNumber(row, 3, 3 + text.length);
      expect(Object.is(got, Number(text)), `${JSON.stringify(text)}: ${got} vs ${Number(text)}`).to.equal(true);
    }
  });
});
