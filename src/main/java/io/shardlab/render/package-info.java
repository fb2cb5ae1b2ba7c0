/**
 * Diagram geometry and one Graphics2D painter for every target (docs/ARCHITECTURE.md rule 6).
 *
 * <p>Flow, from data to pixels:
 * <ol>
 *   <li>Inputs are this package's own records, so render depends on no producer: {@link
 *       LayoutData} (a {@link io.shardlab.cluster.ClusterSnapshot} plus optional
 *       {@link ChunkSizes}), {@link WriteSeries} (writes per shard per
 *       window) and {@link HeatmapData} (writes per key range per window), bundled as
 *       {@link DiagramData}; for the shard key comparison {@link
 *       CandidateLayout} (a candidate's row picture, painted by {@link
 *       CandidateLayoutPainter} in the advisor's window and the export alike) and {@link
 *       CandidateComparison}. The producers map their results to these records.</li>
 *   <li>{@link NumberLineModel}: computed once per layout and {@link
 *       Scale}: every chunk bound's position on the line, shard indexes, jumbo flags.</li>
 *   <li>{@link NumberLineFrame}: computed per {@link Viewport} and width:
 *       a binary search for the visible range, then one pass that aggregates chunks per pixel column, picks the
 *       boundaries wide enough to draw and the bound labels that fit. Never more primitives than columns.</li>
 *   <li>Painters ({@link NumberLinePainter}, {@link ShardLanesPainter},
 *       {@link WritesChartPainter}, {@link HeatmapPainter}, {@link
 *       LegendPainter}, composed by {@link DiagramPainter}) draw with
 *       opaque colours, rectangles, lines, paths and text only: no clip, no alpha, no images, so a JavaFX
 *       Canvas wrapped in {@code org.jfree.fx.FXGraphics2D}, a BufferedImage, Batik's SVGGraphics2D and
 *       PDFBox's PdfBoxGraphics2D all show the same picture.</li>
 *   <li>Exporters ({@link PngExporter}, {@link SvgExporter}, {@link
 *       PdfExporter}) run headless and keep text as text in SVG and PDF.</li>
 * </ol>
 *
 * <p>On screen: keep one model per layout and scale ({@link DiagramPainter.Parts}); on every
 * pan or zoom paint the same {@link DiagramPainter} the exports use, framed for the canvas
 * ({@link DiagramPainter.Framing#canvas}), which computes a frame for the canvas width
 * (times the output scale for HiDPI); hit-test with {@link
 * NumberLineModel#chunkAt(double)} at {@link Viewport#toLine(double,
 * double)}. Colours come from {@link Theme}, whose {@link
 * Theme#lookedUpColors()} are the stylesheet's looked-up colours.
 */
package io.shardlab.render;
