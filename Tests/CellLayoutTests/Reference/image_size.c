/* Reference image sizes for AssetCatalogTests: prints "width height" for each file named on the
   command line as libpng (its simplified API) and libjpeg (jpeg_read_header) read it, or "none"
   when neither reads its header. Built by the test with `cc image_size.c -lpng -ljpeg`. */
#include <stdio.h>
#include <setjmp.h>
#include <png.h>
#include <jpeglib.h>
#include <string.h>
static jmp_buf jb;
static void on_error(j_common_ptr c) { longjmp(jb, 1); }
int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    png_image image; memset(&image, 0, sizeof image); image.version = PNG_IMAGE_VERSION;
    if (png_image_begin_read_from_file(&image, argv[i])) { printf("%u %u\n", image.width, image.height); png_image_free(&image); continue; }
    FILE *f = fopen(argv[i], "rb");
    struct jpeg_decompress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e); e.error_exit = on_error;
    if (!f) { printf("none\n"); continue; }
    if (setjmp(jb)) { jpeg_destroy_decompress(&c); fclose(f); printf("none\n"); continue; }
    jpeg_create_decompress(&c); jpeg_stdio_src(&c, f);
    jpeg_read_header(&c, TRUE);
    printf("%u %u\n", c.image_width, c.image_height);
    jpeg_destroy_decompress(&c); fclose(f);
  }
  return 0;
}
