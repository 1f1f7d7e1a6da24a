/** The offline map component imports its stylesheet; Vite bundles it for the benchmark. */
declare module '*.css';
