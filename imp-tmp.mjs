await import('/work/main/test/helpers/app.ts');
