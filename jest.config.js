/** Unit tests sit beside their code (src/, scripts/, samples/); integration and end-to-end suites live in test/. */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  testMatch: [
    '<rootDir>/src/**/*.test.ts',
    '<rootDir>/test/**/*.test.ts',
    '<rootDir>/scripts/**/*.test.ts',
    '<rootDir>/samples/**/*.test.ts',
  ],
  testTimeout: 120000,
  maxWorkers: 2,
};
